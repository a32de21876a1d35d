/**
 * CSS colour checks. A configured colour is written into a `<style>` element or a `style`
 * attribute, so only values that cannot leave the declaration pass: hex, a named colour, or a
 * colour function whose arguments hold digits, letters, `. , % / + -` and spaces (no quotes,
 * parentheses, semicolons or braces).
 *
 * @module pages/color
 */

/** CSS Color 4 named colours, plus `transparent` and `currentcolor`. */
const keywords = new Set(
  (
    "aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue " +
    "blueviolet brown burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk " +
    "crimson cyan darkblue darkcyan darkgoldenrod darkgray darkgreen darkgrey darkkhaki " +
    "darkmagenta darkolivegreen darkorange darkorchid darkred darksalmon darkseagreen " +
    "darkslateblue darkslategray darkslategrey darkturquoise darkviolet deeppink deepskyblue " +
    "dimgray dimgrey dodgerblue firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite " +
    "gold goldenrod gray green greenyellow grey honeydew hotpink indianred indigo ivory khaki " +
    "lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan " +
    "lightgoldenrodyellow lightgray lightgreen lightgrey lightpink lightsalmon lightseagreen " +
    "lightskyblue lightslategray lightslategrey lightsteelblue lightyellow lime limegreen linen " +
    "magenta maroon mediumaquamarine mediumblue mediumorchid mediumpurple mediumseagreen " +
    "mediumslateblue mediumspringgreen mediumturquoise mediumvioletred midnightblue mintcream " +
    "mistyrose moccasin navajowhite navy oldlace olive olivedrab orange orangered orchid " +
    "palegoldenrod palegreen paleturquoise palevioletred papayawhip peachpuff peru pink plum " +
    "powderblue purple rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown " +
    "seagreen seashell sienna silver skyblue slateblue slategray slategrey snow springgreen " +
    "steelblue tan teal thistle tomato turquoise violet wheat white whitesmoke yellow " +
    "yellowgreen transparent currentcolor"
  ).split(" "),
);

const hex = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const colorFunction = /^(?:rgba?|hsla?|oklch|oklab|lab|lch|color)\([0-9a-z.,%/+\- ]*\)$/i;

/**
 * The colour, trimmed, when it is a safe CSS colour (see the module comment); otherwise
 * `undefined`. https://www.w3.org/TR/css-color-4/#color-syntax
 */
export function safeCssColor(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const color = value.trim();
  if (color.length > 120) return undefined;
  if (hex.test(color) || colorFunction.test(color)) return color;
  return keywords.has(color.toLowerCase()) ? color : undefined;
}

/** sRGB channels 0–255 of a hex or `rgb()`/`rgba()` colour with plain numbers or percentages. */
function srgb(color: string): [number, number, number] | undefined {
  if (hex.test(color)) {
    const digits = color.slice(1);
    const wide = digits.length > 4 ? digits : [...digits].map((d) => d + d).join("");
    return [0, 2, 4].map((i) => Number.parseInt(wide.slice(i, i + 2), 16)) as [
      number,
      number,
      number,
    ];
  }
  const match =
    /^rgba?\(\s*([\d.]+%?)[\s,]+([\d.]+%?)[\s,]+([\d.]+%?)\s*(?:[,/][\s\d.%]*)?\)$/i.exec(color);
  if (!match) return undefined;
  return match.slice(1, 4).map((c) => {
    const n = Number.parseFloat(c);
    return Math.min(255, c.endsWith("%") ? (n * 255) / 100 : n);
  }) as [number, number, number];
}

/** WCAG 2 relative luminance. https://www.w3.org/TR/WCAG21/#dfn-relative-luminance */
function luminance([r, g, b]: [number, number, number]): number {
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG 2 contrast ratio between two relative luminances. */
const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

/**
 * The text colour for a button filled with `background`, when it is a hex or `rgb()` colour:
 * `"#fff"` whenever white text meets WCAG AA (4.5:1; brand buttons are usually drawn with light
 * text), else `"#000"`, which then always does. `undefined` for colours it cannot evaluate
 * (named, hsl, oklch, …). https://www.w3.org/TR/WCAG21/#contrast-minimum
 */
export function readableTextColor(background: string): "#fff" | "#000" | undefined {
  const channels = srgb(background);
  if (!channels) return undefined;
  return contrast(luminance(channels), 1) >= 4.5 ? "#fff" : "#000";
}
