import type { DatabaseConnection, Dialect, Driver, QueryResult, TransactionSettings } from 'kysely';

/**
 * Wraps a Kysely dialect so that every error thrown by a query (also BEGIN and COMMIT) goes through `translate`
 * first: dialects use it to throw portable errors (UniqueViolationError) instead of their driver's. `translate`
 * returns the error to throw, the same one when it has nothing to say.
 */
export function withErrorTranslation(dialect: Dialect, translate: (error: unknown) => unknown): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createDriver: () => new TranslatingDriver(dialect.createDriver(), translate),
  };
}

class TranslatingConnection implements DatabaseConnection {
  constructor(
    readonly inner: DatabaseConnection,
    private readonly translate: (error: unknown) => unknown,
  ) {}

  async executeQuery<R>(query: Parameters<DatabaseConnection['executeQuery']>[0]): Promise<QueryResult<R>> {
    try {
      return await this.inner.executeQuery<R>(query);
    } catch (error) {
      throw this.translate(error);
    }
  }

  async *streamQuery<R>(query: Parameters<DatabaseConnection['streamQuery']>[0], chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    try {
      yield* this.inner.streamQuery<R>(query, chunkSize);
    } catch (error) {
      throw this.translate(error);
    }
  }
}

class TranslatingDriver implements Driver {
  constructor(
    private readonly inner: Driver,
    private readonly translate: (error: unknown) => unknown,
  ) {
    // Savepoints only when the wrapped driver has them (Kysely checks for the methods).
    if (inner.savepoint) this.savepoint = (c, name, compile) => inner.savepoint!(c, name, compile);
    if (inner.rollbackToSavepoint) this.rollbackToSavepoint = (c, name, compile) => inner.rollbackToSavepoint!(c, name, compile);
    if (inner.releaseSavepoint) this.releaseSavepoint = (c, name, compile) => inner.releaseSavepoint!(c, name, compile);
  }

  savepoint?: Driver['savepoint'];
  rollbackToSavepoint?: Driver['rollbackToSavepoint'];
  releaseSavepoint?: Driver['releaseSavepoint'];

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new TranslatingConnection(await this.inner.acquireConnection(), this.translate);
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.inner.beginTransaction(connection, settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.rollbackTransaction(connection);
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection(connection instanceof TranslatingConnection ? connection.inner : connection);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}
