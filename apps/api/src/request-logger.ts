// A request's logger that makes its pino child only when a line is actually written (Fastify's childLoggerFactory).
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildLoggerOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;
type LogFn = FastifyBaseLogger['info'];

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * Fastify gives every request a child logger bound to its reqId. With pino, making that child serialises and
 * redacts its bindings, a share of the cheapest request (/healthz, DESIGN §8's overhead budget) even at
 * LOG_LEVEL=warn, when most requests write nothing.
 * This stand-in asks the parent whether a level is enabled and makes the real child, with the same bindings,
 * on the first line written, so every line still carries its reqId and the parent's redaction.
 */
class LazyRequestLogger implements FastifyBaseLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  declare fatal: LogFn;
  declare error: LogFn;
  declare warn: LogFn;
  declare info: LogFn;
  declare debug: LogFn;
  declare trace: LogFn;

  real(): FastifyBaseLogger {
    this.#child ??= this.parent.child(this.bindings, this.options);
    return this.#child;
  }

  enabled(level: Level): boolean {
    if (this.#child) return isEnabled(this.#child, level);
    return isEnabled(this.parent, level);
  }

  get level(): string {
    return this.#child?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.real().level = level;
  }

  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real().child(bindings, options);
  }
}

// On the prototype, not per instance: six closures per request would cost about what the lazy child saves.
for (const level of ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const) {
  LazyRequestLogger.prototype[level] = function (this: LazyRequestLogger, ...args: Parameters<LogFn>) {
    if (this.enabled(level)) this.real()[level](...args);
  } as LogFn;
}

const isEnabled = (logger: FastifyBaseLogger, level: Level): boolean => {
  const check = (logger as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled;
  return check ? check.call(logger, level) : true;
};

export const lazyChildLoggerFactory: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  logger,
  bindings,
  options,
) =>
  // A child with a level of its own (a route's logLevel) is made at once: its level decides, not the parent's.
  options.level ? logger.child(bindings, options) : new LazyRequestLogger(logger, bindings, options);
