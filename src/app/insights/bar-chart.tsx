/**
 * A case study's figures as a labelled bar chart, drawn on the server in HTML and CSS: it scales
 * with the column at any width, every bar carries its value, and the axes and series are named.
 * Those who cannot see it read the same figures as a table. The figures reach the stylesheet as
 * custom properties: the page's markup says what a bar measures, the stylesheet how it is drawn.
 */
import type { CSSProperties } from 'react';
import type { CaseChart } from '../content/schemas/case-facts.ts';

/** Round steps for the value axis: a scale ends on a tick, never mid-way. */
function scaleOf(values: readonly number[]): { max: number; step: number } {
  const highest = Math.max(...values, 1);
  const step = highest <= 100 ? 25 : 50;
  return { max: Math.ceil(highest / step) * step, step };
}

export function BarChart({ chart, language, id }: { chart: CaseChart; language: string; id: string }) {
  const format = new Intl.NumberFormat(language).format;
  const { max, step } = scaleOf(chart.categories.flatMap((category) => category.values));
  const ticks = Array.from({ length: max / step + 1 }, (_, index) => index * step);
  const percent = (value: number) => `${(value / max) * 100}%`;
  const headlineId = `${id}-headline`;
  return (
    <figure className="bar-chart" aria-labelledby={headlineId}>
      <h3 id={headlineId} className="bar-chart__headline">
        {chart.headline}
      </h3>
      {/* The legend, bars and axes show what the table below says; a screen reader reads the table. */}
      <div aria-hidden="true">
        <ul className="bar-chart__legend">
          {chart.series.map((series, index) => (
            <li key={series}>
              <span className={`bar-chart__swatch bar-chart__series-${index}`} />
              {series}
            </li>
          ))}
        </ul>
        <div className="bar-chart__plot" style={{ '--bar-chart-ticks': ticks.length - 1 } as CSSProperties}>
          <p className="bar-chart__axis-title bar-chart__axis-title--category">{chart.category_axis}</p>
          {chart.categories.map((category) => (
            <div key={category.label} className="bar-chart__group">
              <p className="bar-chart__label">
                <span>{category.label}</span>
                {category.detail ? <span className="bar-chart__detail">{category.detail}</span> : null}
              </p>
              <div className="bar-chart__track">
                {category.values.map((value, index) => (
                  <span
                    // biome-ignore lint/suspicious/noArrayIndexKey: a value's place is its series; the list never changes on the page
                    key={index}
                    className={`bar-chart__bar bar-chart__series-${index}`}
                    style={{ '--bar-chart-value': percent(value) } as CSSProperties}
                  >
                    <span className="bar-chart__value">{format(value)}</span>
                  </span>
                ))}
              </div>
            </div>
          ))}
          <div className="bar-chart__ticks">
            {ticks.map((tick) => (
              <span key={tick} style={{ '--bar-chart-tick': percent(tick) } as CSSProperties}>
                {format(tick)}
              </span>
            ))}
          </div>
          <p className="bar-chart__axis-title bar-chart__axis-title--value">{chart.value_axis}</p>
        </div>
      </div>
      {/* Hidden in a box of its own: a table does not shrink to the 1 px a hidden element is given. */}
      <div className="visually-hidden">
        <table>
          <caption>{chart.headline}</caption>
          <thead>
            <tr>
              <th scope="col">{chart.category_axis}</th>
              {chart.series.map((series) => (
                <th key={series} scope="col">
                  {series} ({chart.value_axis})
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {chart.categories.map((category) => (
              <tr key={category.label}>
                <th scope="row">
                  {category.label}
                  {category.detail ? ` (${category.detail})` : null}
                </th>
                {category.values.map((value, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a value's place is its series; the list never changes on the page
                  <td key={index}>{format(value)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <figcaption className="bar-chart__caption">{chart.caption}</figcaption>
    </figure>
  );
}
