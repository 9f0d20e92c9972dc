/** Renders a page's blocks in the order its route names, each by the component of its type. */
import { Fragment, type ReactNode } from 'react';
import { useRouteLoaderData } from 'react-router';
import type { PageData, RootData } from '../routes.tsx';
import { Contact, type ContactContent } from './contact.tsx';
import { Intro, type IntroContent } from './intro.tsx';
import { Services, type ServicesContent } from './services.tsx';
import { Stage, type StageContent } from './stage.tsx';

type BlockRenderer = (content: unknown, context: { root: RootData; hero: boolean }) => ReactNode;

const BLOCKS: Readonly<Record<string, BlockRenderer>> = {
  stage: (content, { root, hero }) => <Stage content={content as StageContent} ui={root.ui} withArrow={hero} />,
  intro: (content) => <Intro content={content as IntroContent} />,
  services: (content) => <Services content={content as ServicesContent} />,
  contact: (content) => <Contact content={content as ContactContent} />,
};

export function PageBlocks({ page, hero = false }: { page: PageData; hero?: boolean }) {
  const root = useRouteLoaderData('root') as RootData;
  return (
    <>
      {page.blocks.map((name) => {
        const content = page.content[name];
        const render = BLOCKS[name];
        if (content === undefined || content === null || !render) return null;
        return <Fragment key={name}>{render(content, { root, hero })}</Fragment>;
      })}
    </>
  );
}
