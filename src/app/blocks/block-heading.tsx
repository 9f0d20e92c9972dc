/** The headline of a block section and its optional lead sentence. */
export function BlockHeading({ headline, text }: { headline: string; text?: string | undefined }) {
  return (
    <>
      <h2 className="section__headline">{headline}</h2>
      {text ? <p className="section__lead">{text}</p> : null}
    </>
  );
}
