// The async boundary: shared singletons are negotiated before any of this remote's code runs.
void import('./bootstrap');
