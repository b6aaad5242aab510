import { isUniqueViolation } from './dialect.ts';

/**
 * Runs `write` with a freshly drawn id until the unique index takes it, at most `attempts` times, then
 * throws `exhausted()`. Random ids are short so that people can read them, and short ids meet now and
 * then: the index, not a look-up before the write, is what keeps two writers at once apart. MySQL and
 * SQLite undo only the failed statement, so the transaction goes on without a savepoint.
 */
export async function withFreshId<T>(
  draw: () => string,
  write: (id: string) => Promise<T>,
  { attempts, exhausted }: { attempts: number; exhausted: () => Error },
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write(draw());
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (attempt >= attempts) throw exhausted();
    }
  }
}
