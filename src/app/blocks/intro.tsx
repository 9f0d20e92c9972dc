/** An introduction: headline and paragraphs. */
export interface IntroContent {
  headline: string;
  text: string[] | string;
}

export function Intro({ content }: { content: IntroContent }) {
  const paragraphs = Array.isArray(content.text) ? content.text : [content.text];
  return (
    <section className="intro section">
      <div className="section__inner">
        <h2 className="section__headline">{content.headline}</h2>
        {paragraphs.map((paragraph) => (
          <p key={paragraph} className="intro__text">
            {paragraph}
          </p>
        ))}
      </div>
    </section>
  );
}
