/** `a`, `a or b`, `a, b or c`: a list as a sentence says it. */
export function joinList(items: readonly string[], word: "and" | "or"): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} ${word} ${items.at(-1)}`;
}
