/** Colours as the browser computes them (`rgb(…)`, `rgba(…)`), composited and compared by the WCAG contrast ratio. */

export interface Rgba {
  r: number;
  g: number;
  b: number;
  /** 0 (transparent) to 1 (opaque). */
  a: number;
}

/** Every `rgb()`/`rgba()` colour in a computed value (a colour, a box-shadow list, a gradient), in order. */
export function coloursIn(value: string): Rgba[] {
  return [...value.matchAll(/rgba?\(([^)]*)\)/g)].map((match) => {
    const [r = 0, g = 0, b = 0, a = 1] = match[1]!
      .split(/[\s,/]+/)
      .filter(Boolean)
      .map(Number);
    return { r, g, b, a };
  });
}

/** The colour seen where `top` lies over the opaque `bottom`. */
export function over(top: Rgba, bottom: Rgba): Rgba {
  const mix = (upper: number, lower: number) => upper * top.a + lower * (1 - top.a);
  return { r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b), a: 1 };
}

function luminance({ r, g, b }: Rgba): number {
  const linear = (channel: number) => {
    const value = channel / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

export function contrast(one: Rgba, other: Rgba): number {
  const [light, dark] = [luminance(one), luminance(other)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

export function isDark(colour: Rgba): boolean {
  return luminance(colour) < 0.18;
}

export const hex = ({ r, g, b }: Rgba) =>
  `#${[r, g, b].map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
