/**
 * Whether a provider matches a search: a case-insensitive part of its id or its name (what
 * `add-provider --list <query>` and init's picker both use). An empty search matches all.
 */
export function matchesProvider(query: string, id: string, name: string): boolean {
  const wanted = query.trim().toLowerCase();
  return !wanted || id.toLowerCase().includes(wanted) || name.toLowerCase().includes(wanted);
}
