import { PinoPretty } from 'pino-pretty';
import type { DestinationStream } from 'pino';

/** A log line as pino-pretty hands it over. */
type LogLine = Record<string, unknown> & {
  req?: { method?: string; url?: string };
  res?: { statusCode?: number | null };
  responseTime?: number;
  context?: string;
};

/**
 * Where logs go for a person at a terminal (`LOG_FORMAT=pretty`): pino-pretty,
 * one coloured line per entry, the time of day, the level, then for a request
 * `POST /teams/new 201 3.1 ms`, otherwise `[context] message`. The JSON fields
 * of production (service, host, pid, request id) are left out.
 */
export function prettyDestination(): DestinationStream {
  return PinoPretty({
    colorize: true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'service,hostname,pid,reqId,req,res,responseTime,context',
    singleLine: true,
    messageFormat: (log: LogLine, messageKey: string) => {
      if (log.req && log.res)
        return `${log.req.method} ${log.req.url} ${log.res.statusCode ?? '-'} ${log.responseTime ?? '?'} ms${log[messageKey] === 'request aborted' ? ' (aborted)' : ''}`;
      return `${log.context ? `[${log.context}] ` : ''}${String(log[messageKey] ?? '')}`;
    },
  });
}
