function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * Deep-merges `source` over `target` into a new object, the way Auth.js merges provider
 * options over provider defaults: plain objects merge recursively, arrays index by index,
 * `undefined` never overwrites, anything else (functions, strings, class instances) replaces.
 * Symbol keys (such as `customFetch`) are copied too.
 */
export function merge<T>(target: T, source: unknown): T {
  if (source === undefined) return clone(target);
  if (Array.isArray(target) && Array.isArray(source)) {
    const result: unknown[] = [...target];
    source.forEach((item, i) => {
      if (item !== undefined) result[i] = merge(result[i], item);
    });
    return result as T;
  }
  if (!isPlainObject(source) || !isPlainObject(target)) {
    return (isPlainObject(source) || Array.isArray(source) ? clone(source) : source) as T;
  }
  const result: Record<PropertyKey, unknown> = { ...target };
  for (const key of Reflect.ownKeys(source)) {
    const value = (source as Record<PropertyKey, unknown>)[key];
    if (value === undefined) continue;
    result[key] = merge(result[key], value);
  }
  return result as T;
}

function clone<T>(value: T): T {
  if (Array.isArray(value)) return value.map(clone) as T;
  if (isPlainObject(value)) {
    const result: Record<PropertyKey, unknown> = {};
    for (const key of Reflect.ownKeys(value)) result[key] = clone(value[key as string]);
    return result as T;
  }
  return value;
}
