/**
 * What the type of a page looks like from inside the page, in any engine: the font sizes of the elements that show
 * text, whether the brand face is loaded and the one the text is set in, and whether the logos are drawn without text.
 */
import type { EnginePage } from './engines.ts';

/** One size in use, with a few of the elements that show it (tag and class), so a failure says where. */
export interface SizeUse {
  px: string;
  where: string[];
}

/**
 * The computed font sizes of every element that renders visible text: the parents of non-blank text nodes and the
 * form controls that show a value or placeholder, when they take up space and are not hidden.
 */
export function visibleTextSizes(page: EnginePage): Promise<SizeUse[]> {
  // No named helpers inside: the function is sent as source, without the names the test's compiler adds.
  return page.evaluate(() => {
    const candidates: Element[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.textContent?.trim() && node.parentElement) candidates.push(node.parentElement);
    }
    for (const control of document.body.querySelectorAll('input, select, textarea, button')) {
      const input = control as HTMLInputElement;
      if (['hidden', 'checkbox', 'radio', 'file'].includes(input.type)) continue;
      if (input.value || input.placeholder || control.tagName === 'SELECT') candidates.push(control);
    }
    const uses = new Map<string, Set<string>>();
    for (const element of new Set(candidates)) {
      const style = getComputedStyle(element);
      if (style.visibility !== 'visible' || Number(style.opacity) === 0) continue;
      const box = element.getBoundingClientRect();
      // The visually hidden pattern (1 × 1 px, clipped) is read by screen readers only.
      if (box.width <= 1 || box.height <= 1 || element.closest('[hidden], .visually-hidden') !== null) continue;
      const where = uses.get(style.fontSize) ?? new Set<string>();
      if (where.size < 4) where.add(`${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`);
      uses.set(style.fontSize, where);
    }
    return [...uses].map(([px, where]) => ({ px, where: [...where] }));
  });
}

export interface BrandFaceReport {
  /** document.fonts: the brand family's faces and their status. */
  faces: { family: string; status: string }[];
  /** Per element checked: whether its text measures as the brand face and not as the fallback face. */
  rendered: { selector: string; brand: boolean; text: string }[];
}

/**
 * Whether the brand face is loaded and sets the text: each element's text is measured as the element sets it, in the
 * brand face alone (monospace where it is missing) and in monospace; the element is set in the brand face when its
 * width is the brand face's, and the brand face is really there when that width is not monospace's.
 */
export function brandFaceReport(page: EnginePage, selectors: string[]): Promise<BrandFaceReport> {
  return page.evaluate(
    async (arg: { selectors: string[] }) => {
      await document.fonts.ready;
      const faces = [...document.fonts]
        .filter((face) => face.family.replace(/"/g, '') === 'Archivo')
        .map((face) => ({ family: face.family, status: face.status }));
      const rendered: BrandFaceReport['rendered'] = [];
      for (const selector of arg.selectors) {
        const element = document.querySelector(selector);
        if (!element?.textContent?.trim()) continue;
        const style = getComputedStyle(element);
        const widths: number[] = [];
        // As set; the brand face alone; the generic face its absence would show (equal to the second when it is missing).
        for (const family of [style.fontFamily, '"Archivo", monospace', 'monospace']) {
          const probe = document.createElement('span');
          probe.textContent = element.textContent;
          Object.assign(probe.style, {
            position: 'absolute',
            whiteSpace: 'nowrap',
            fontSize: style.fontSize,
            fontWeight: style.fontWeight,
            fontStretch: style.fontStretch,
            fontStyle: style.fontStyle,
            letterSpacing: style.letterSpacing,
            textTransform: style.textTransform,
            fontFamily: family,
          });
          document.body.append(probe);
          widths.push(probe.getBoundingClientRect().width);
          probe.remove();
        }
        const [asSet = 0, brand = 0, generic = 0] = widths;
        rendered.push({
          selector,
          brand: Math.abs(asSet - brand) < 0.5 && Math.abs(brand - generic) >= 0.5,
          text: element.textContent.trim().slice(0, 40),
        });
      }
      return { faces, rendered };
    },
    { selectors },
  );
}

/** The text elements inside each logo: none, as the word mark is drawn as paths. */
export function logoTexts(page: EnginePage): Promise<{ logos: number; paths: number; texts: number }> {
  return page.evaluate(() => {
    const logos = [...document.querySelectorAll('.navbar__logo svg, .footer__logo svg')];
    return {
      logos: logos.length,
      paths: logos.reduce((sum, logo) => sum + logo.querySelectorAll('path, use').length, 0),
      texts: logos.reduce((sum, logo) => sum + logo.querySelectorAll('text, tspan').length, 0),
    };
  });
}
