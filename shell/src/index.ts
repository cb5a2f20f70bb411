// The async boundary: shared singletons are negotiated before the shell's code runs.
void import(/* webpackChunkName: "bootstrap" */ './bootstrap');
