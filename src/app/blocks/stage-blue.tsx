/** The product stage of technology pages: eyebrow, headline and description beside an illustration. */
import type { StageBlueContent } from '../content/schemas/stage-blue.ts';
import { ContentImage } from './content-image.tsx';
import { StageCopy } from './stage.tsx';

export function StageBlue({ content }: { content: StageBlueContent }) {
  return (
    <section className={`stage stage--blue${content.image ? ' stage--with-image' : ''}`}>
      <div className="stage__inner stage-blue__inner">
        <div className="stage-blue__text">
          <StageCopy {...content} />
        </div>
        {content.image ? <ContentImage image={content.image} className="stage-blue__image" eager /> : null}
      </div>
    </section>
  );
}
