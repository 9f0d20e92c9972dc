/** Tools and features of a technology; empty entries are dropped. */
import type { ToolsContent } from '../content/schemas/tools.ts';
import { BlockSection } from './block-section.tsx';
import { cardGridClass } from './card-grid.ts';
import { withoutEmptyTools } from './tools-rules.ts';

export function Tools({ content }: { content: ToolsContent }) {
  const tools = withoutEmptyTools(content.items);
  if (tools.length === 0) return null;
  return (
    <BlockSection block="tools" headline={content.headline} text={content.text}>
      <dl className={cardGridClass(tools.length, 'tools__list')}>
        {tools.map((tool) => (
          <div key={tool.name} className="tools__tool">
            <dt className="tools__name">{tool.name}</dt>
            {tool.text.trim() ? <dd className="tools__text">{tool.text}</dd> : null}
          </div>
        ))}
      </dl>
    </BlockSection>
  );
}
