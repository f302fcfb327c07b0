/**
 * The Ink kit, loaded only when output goes to a terminal (Ink takes a second or more to load, which scripts
 * and --json runs should not pay). Commands receive it as the argument of their `ink` view.
 */
export { Box, Text } from "ink";
export { ErrorMessage, Info, Success, Warning } from "./Message";
export { ProgressBar } from "./ProgressBar";
export { Spinner } from "./Spinner";
export { Fields, Table } from "./Table";
export { JobRun } from "./JobRun";
export { confirm, renderLive, renderOnce } from "./render";
