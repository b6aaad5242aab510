/**
 * Ties a form's fields to its values: `field('name')` is the value, the setter and the error message of
 * one field, spread into it (`<TextField label="Full Name" {...field('name')} />`).
 */
export function bindFields<V extends object>(
  values: V,
  errors: Partial<Record<keyof V, string | undefined>>,
  set: <K extends keyof V>(key: K, value: V[K]) => void,
) {
  return <K extends keyof V>(key: K) => ({
    value: values[key],
    onChange: (value: V[K]) => set(key, value),
    errorMessage: errors[key],
  });
}
