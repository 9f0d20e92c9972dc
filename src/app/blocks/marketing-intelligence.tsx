/** A worked marketing mix model: each channel's share of the outcome as bars, and the layers behind it. */
import type { MarketingIntelligenceContent } from '../content/schemas/marketing-intelligence.ts';
import { BlockSection } from './block-section.tsx';

/** A bar's length as a share of the longest bar's, in percent to one decimal. */
const barWidth = (share: number, largest: number) => `${largest > 0 ? Math.round((share / largest) * 1000) / 10 : 0}%`;

export function MarketingIntelligence({ content }: { content: MarketingIntelligenceContent }) {
  const largest = Math.max(...content.chart.items.map((item) => item.share));
  return (
    <BlockSection block="marketing-intelligence" innerClassName="marketing-intelligence__inner">
      <div>
        <h2 className="section__headline">{content.headline}</h2>
        <p className="section__lead">{content.text}</p>
        <ol className="marketing-intelligence__layers">
          {content.layers.map((layer) => (
            <li key={layer.title}>
              <h3 className="marketing-intelligence__layer-title">{layer.title}</h3>
              <p>{layer.text}</p>
            </li>
          ))}
        </ol>
      </div>
      <figure className="marketing-intelligence__chart">
        <figcaption className="marketing-intelligence__chart-title">{content.chart.title}</figcaption>
        <dl className="bar-chart">
          {content.chart.items.map((item) => (
            <div key={item.label} className="bar-chart__row">
              <dt className="bar-chart__label">{item.label}</dt>
              <dd className="bar-chart__value">
                {/* The length is the svg's width attribute, not a style attribute, which a content security policy would block. */}
                <svg
                  className="bar-chart__bar"
                  width={barWidth(item.share, largest)}
                  aria-hidden="true"
                  focusable="false"
                />
                <span className="bar-chart__number">{item.share} %</span>
              </dd>
            </div>
          ))}
        </dl>
        <p className="marketing-intelligence__caption">{content.chart.caption}</p>
      </figure>
    </BlockSection>
  );
}
