/**
 * An object that forwards every read to `current()` (methods bound to it), throwing `missing` while there is none:
 * what a `use…` hook returns for what its hooks set up later.
 */
export function standIn<T extends object>(current: () => T | undefined, missing: string): T {
  const target = (): T => {
    const value = current();
    if (value === undefined) throw new Error(missing);
    return value;
  };
  return new Proxy({} as T, {
    get(_, key) {
      const object = target();
      const value: unknown = Reflect.get(object, key, object);
      return typeof value === 'function' ? value.bind(object) : value;
    },
    has: (_, key) => Reflect.has(target(), key),
    ownKeys: () => Reflect.ownKeys(target()),
    getOwnPropertyDescriptor: (_, key) => Reflect.getOwnPropertyDescriptor(target(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(target()),
  });
}
