/** How one product connects to others: a hub diagram with numbered spokes, and what flows along each. */
import type { IntegrationContent } from '../content/schemas/integration.ts';
import { BlockSection } from './block-section.tsx';

const SIZE = 320;
const CENTER = SIZE / 2;
const RADIUS = 118;

/** Where the n-th of count nodes sits on the ring, starting at the top. */
export function spokePosition(index: number, count: number): { x: number; y: number } {
  const angle = (index / count) * 2 * Math.PI - Math.PI / 2;
  return { x: Math.round(CENTER + RADIUS * Math.cos(angle)), y: Math.round(CENTER + RADIUS * Math.sin(angle)) };
}

function HubDiagram({ count }: { count: number }) {
  const nodes = Array.from({ length: count }, (_, index) => spokePosition(index, count));
  return (
    <svg
      className="integration__diagram"
      viewBox={`0 0 ${SIZE} ${SIZE}`}
      width={SIZE}
      height={SIZE}
      aria-hidden="true"
      focusable="false"
    >
      <circle cx={CENTER} cy={CENTER} r={RADIUS} className="integration__ring" />
      {nodes.map((node, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the spokes are numbered positions; the number is what identifies one
        <line key={`l${index}`} x1={CENTER} y1={CENTER} x2={node.x} y2={node.y} className="integration__spoke" />
      ))}
      <circle cx={CENTER} cy={CENTER} r={44} className="integration__hub" />
      <path d={`M${CENTER} ${CENTER - 18}l5 13 13 5-13 5-5 13-5-13-13-5 13-5z`} className="integration__star" />
      {nodes.map((node, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the spokes are numbered positions; the number is what identifies one
        <g key={`n${index}`}>
          <circle cx={node.x} cy={node.y} r={22} className="integration__node" />
          <text x={node.x} y={node.y} dy="0.35em" textAnchor="middle" className="integration__number">
            {index + 1}
          </text>
        </g>
      ))}
    </svg>
  );
}

export function Integration({ content }: { content: IntegrationContent }) {
  return (
    <BlockSection block="integration" tone="tinted" innerClassName="integration__inner">
      <div className="integration__intro">
        <h2 className="section__headline">{content.headline}</h2>
        <p className="section__lead">{content.text}</p>
        <p className="integration__hub-name">{content.hub}</p>
        <HubDiagram count={content.items.length} />
      </div>
      <ol className="integration__list">
        {content.items.map((item) => (
          <li key={item.name} className="integration__item">
            <h3 className="integration__name">{item.name}</h3>
            <p>{item.text}</p>
          </li>
        ))}
      </ol>
    </BlockSection>
  );
}
