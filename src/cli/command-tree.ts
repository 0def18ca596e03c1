import { Command } from 'commander';

/*
 * Building blocks of the operator CLI's command tree (commander), shared by
 * the command files. Every command accepts extra arguments and wraps its help
 * one column short of the terminal (80 when piped), as the CLI always has.
 */

/** Help width: the terminal's columns (80 when not a terminal) less one. */
const OUTPUT = {
  getOutHelpWidth: () => (process.stdout.columns || 80) - 1,
  getErrHelpWidth: () => (process.stderr.columns || 80) - 1,
};

/** A command of the CLI's tree (the program itself included), with the settings every command shares. */
export function cliCommand(name: string, description?: string): Command {
  const command = new Command(name).allowExcessArguments().configureOutput(OUTPUT);
  return description === undefined ? command : command.description(description);
}

/** A command group such as `apps`: run without a subcommand (or with an unknown one) it prints its help and exits 0. */
export function commandGroup(name: string, description: string): Command {
  const group = cliCommand(name, description);
  group.action(() => group.help());
  return group;
}

/** A subcommand `name [arguments]` of `group`; the caller adds options and its action. */
export function subcommand(group: Command, name: string, description: string, args: string[] = []): Command {
  const command = cliCommand(name, description);
  for (const argument of args) command.argument(argument);
  group.addCommand(command);
  return command;
}
