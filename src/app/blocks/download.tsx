/**
 * A document to download. The link shows only once the server has confirmed the file
 * exists: the flag starts false and is reset to false before every check.
 */
import { useEffect, useState } from 'react';
import type { DownloadContent } from '../content/schemas/download.ts';
import { Icon } from '../layout/icon.tsx';
import { BlockSection } from './block-section.tsx';
import { downloadUrl, fileExists } from './file-exists.ts';

/** The download arrow, as one path on the icons' 24 px grid. */
const DOWNLOAD_ARROW = 'M12 3.5v12M6.5 10l5.5 5.5 5.5-5.5M4 20h16';

export function Download({ content }: { content: DownloadContent }) {
  const [exists, setExists] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    setExists(false);
    void fileExists(content.file, controller.signal).then((found) => {
      if (!controller.signal.aborted) setExists(found);
    });
    return () => controller.abort();
  }, [content.file]);

  return (
    <BlockSection block="download" innerClassName="download__inner">
      <div className="download__icon" aria-hidden="true">
        <Icon path={DOWNLOAD_ARROW} size={32} />
      </div>
      <div className="download__text">
        <h2 className="download__headline">{content.headline}</h2>
        <p>{content.text}</p>
        {exists ? (
          <a className="button button--primary download__link" href={downloadUrl(content.file)} download>
            {content.link_text}
            <span className="download__format">({content.format})</span>
          </a>
        ) : null}
      </div>
    </BlockSection>
  );
}
