/** The shell's own build (shell/rspack.config.mjs): its package version and commit; field telemetry tags the shell's signals with it. */
declare const __SHELL_VERSION__: string;
