/**
 * Where the operator CLI writes (docs/api.md#operating): `out` takes a command's output, its reports and commander's
 * help (standard output); `err` its warnings, errors and usage messages (standard error). Text is written as given
 * (lines end in `\n`). The columns wrap commander's help.
 */
export interface CliOutput {
  out(text: string): void;
  err(text: string): void;
  readonly outColumns: number;
  readonly errColumns: number;
}

/** The process's standard output and error; help wraps one column short of the terminal (80 when piped). */
export const PROCESS_OUTPUT: CliOutput = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  get outColumns() {
    return (process.stdout.columns || 80) - 1;
  },
  get errColumns() {
    return (process.stderr.columns || 80) - 1;
  },
};
