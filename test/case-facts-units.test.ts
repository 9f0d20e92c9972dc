/**
 * A case study's results band and its story tell the same numbers: every figure of a result tile
 * appears in the case study's own text, in each language, so an editor who changes one is told
 * to change the other. Every case study carries its structured proof, placed after paragraphs it has.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import t from 'tap';
import type { CaseFactsContent } from '../src/app/content/schemas/case-facts.ts';
import type { GeneralInformation, InsightContent } from '../src/app/content/schemas/insight.ts';

const read = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;

/** The figures of a text: digits with their decimal and thousands marks, as the language writes them. */
const figuresOf = (text: string) => text.match(/\d+(?:[.,]\d+)*/g) ?? [];

for (const language of ['en', 'de']) {
  const root = `content/${language}/homepage/insights`;
  for (const slug of readdirSync(root, { withFileTypes: true }).filter((entry) => entry.isDirectory())) {
    const folder = `${root}/${slug.name}`;
    if (read<GeneralInformation>(`${folder}/general_information.json`).type !== 'case-study') continue;
    t.test(`${language} ${slug.name}`, async (t) => {
      t.ok(existsSync(`${folder}/case_facts.json`), 'the case study has its structured proof');
      const facts = read<CaseFactsContent>(`${folder}/case_facts.json`);
      const { paragraphs } = read<InsightContent>(`${folder}/content.json`);
      const story = (Array.isArray(paragraphs) ? paragraphs : [paragraphs]).map((p) => p.text).join(' ');
      const stated = new Set(figuresOf(story));
      for (const result of facts.results)
        for (const figure of figuresOf(result.value))
          t.ok(stated.has(figure), `"${result.value}" (${result.label}): ${figure} is a figure the story states`);
      const count = Array.isArray(paragraphs) ? paragraphs.length : 1;
      t.ok(facts.quote.after_paragraph <= count, 'the quote stands after a paragraph the story has');
      t.ok(facts.chart.after_paragraph <= count, 'so does the chart');
      for (const category of facts.chart.categories)
        t.equal(category.values.length, facts.chart.series.length, `${category.label}: a value per series`);
    });
  }
}
