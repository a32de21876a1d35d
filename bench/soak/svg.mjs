/**
 * A small SVG line chart writer: stacked panels sharing one time axis, one line per series.
 * Written here rather than taken from a charting package: the soak needs lines, axes and a
 * legend, nothing more.
 */

const WIDTH = 760;
const PANEL = 150;
const MARGIN = { left: 64, right: 170, top: 46, bottom: 34 };
const COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b"];

const xml = (/** @type {string} */ text) =>
  text.replace(/[&<>"]/g, (c) => `&${{ "&": "amp", "<": "lt", ">": "gt", '"': "quot" }[c]};`);
const round = (/** @type {number} */ n) => Math.round(n * 10) / 10;

/** A tick value that reads well: 1, 2 or 5 times a power of ten. */
function niceStep(/** @type {number} */ span) {
  const raw = span / 4 || 1;
  const power = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((m) => m * power).find((step) => step >= raw) ?? raw;
}

/**
 * @typedef {{ title: string, unit: string,
 *   series: { label: string, points: [number, number][] }[] }} Panel
 */

/**
 * The chart of `panels` (x: minutes from the start) as an SVG document.
 *
 * @param {string} title
 * @param {Panel[]} panels
 */
export function lineChart(title, panels) {
  const height = MARGIN.top + panels.length * (PANEL + MARGIN.bottom) + 10;
  const plotWidth = WIDTH - MARGIN.left - MARGIN.right;
  const allX = panels.flatMap((panel) => panel.series.flatMap((s) => s.points.map((p) => p[0])));
  const maxX = Math.max(1e-9, ...allX);
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="sans-serif" font-size="11">`,
    `<title>${xml(title)}</title>`,
    `<rect width="100%" height="100%" fill="white"/>`,
    `<text x="${MARGIN.left}" y="18" font-size="13" font-weight="bold">${xml(title)}</text>`,
  ];
  panels.forEach((panel, index) => {
    const top = MARGIN.top + index * (PANEL + MARGIN.bottom);
    const values = panel.series.flatMap((s) => s.points.map((p) => p[1]));
    const maxY = Math.max(1e-9, ...values) * 1.1;
    const x = (/** @type {number} */ v) => round(MARGIN.left + (v / maxX) * plotWidth);
    const y = (/** @type {number} */ v) => round(top + PANEL - (v / maxY) * PANEL);
    parts.push(
      `<text x="${MARGIN.left}" y="${top - 4}" font-weight="bold">${xml(panel.title)} (${xml(panel.unit)})</text>`,
      `<rect x="${MARGIN.left}" y="${top}" width="${plotWidth}" height="${PANEL}" fill="none" stroke="#999"/>`,
    );
    const yStep = niceStep(maxY);
    for (let v = 0; v <= maxY; v += yStep) {
      parts.push(
        `<line x1="${MARGIN.left}" x2="${MARGIN.left + plotWidth}" y1="${y(v)}" y2="${y(v)}" stroke="#eee"/>`,
        `<text x="${MARGIN.left - 4}" y="${y(v) + 4}" text-anchor="end">${Number(v.toPrecision(4))}</text>`,
      );
    }
    const xStep = niceStep(maxX);
    for (let v = 0; v <= maxX + 1e-9; v += xStep) {
      parts.push(
        `<text x="${x(v)}" y="${top + PANEL + 14}" text-anchor="middle">${Number(v.toPrecision(4))}</text>`,
      );
    }
    if (index === panels.length - 1) {
      parts.push(
        `<text x="${MARGIN.left + plotWidth / 2}" y="${top + PANEL + 28}" text-anchor="middle">minutes</text>`,
      );
    }
    panel.series.forEach((series, n) => {
      const colour = COLOURS[n % COLOURS.length];
      const points = series.points.map(([px, py]) => `${x(px)},${y(py)}`).join(" ");
      parts.push(
        `<polyline fill="none" stroke="${colour}" stroke-width="1.5" points="${points}"/>`,
        `<line x1="${WIDTH - MARGIN.right + 10}" x2="${WIDTH - MARGIN.right + 28}" y1="${top + 10 + n * 16}" y2="${top + 10 + n * 16}" stroke="${colour}" stroke-width="2"/>`,
        `<text x="${WIDTH - MARGIN.right + 32}" y="${top + 14 + n * 16}">${xml(series.label)}</text>`,
      );
    });
  });
  parts.push("</svg>");
  return `${parts.join("\n")}\n`;
}
