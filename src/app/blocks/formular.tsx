/** The form a page shows (formular.json, or the technology form's form.json), with the values the page fixes. */

import type { ReactNode } from 'react';
import { applicationTextsFor } from '../careers/job-form-options.ts';
import { editionKey } from '../events/model.ts';
import { APPLICATION_FORM_ID, REGISTRATION_FORM_ID } from '../forms/form-anchors.ts';
import { FormView } from '../forms/form-view.tsx';
import type { PageData } from '../route-data.ts';

export function Formular({ page, aside }: { page: PageData; aside?: ReactNode }) {
  if (!page.form) return null;
  // A past edition takes no more registrations.
  if (page.event && (page.event.past || !page.event.edition.registration)) return null;
  const hidden: Record<string, string> = {};
  if (page.event) hidden.event = editionKey(page.event.information.folderName, page.event.edition);
  if (page.job) hidden.job = page.job.position.generic.folder;
  const form = page.job ? { ...page.form, texts: applicationTextsFor(page.form.texts, page.job.position) } : page.form;
  return (
    <FormView
      form={form}
      language={page.language}
      hidden={hidden}
      aside={aside}
      sectionId={page.event ? REGISTRATION_FORM_ID : page.job ? APPLICATION_FORM_ID : undefined}
    />
  );
}
