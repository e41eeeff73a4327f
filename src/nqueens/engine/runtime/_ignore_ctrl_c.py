"""Imported first by the local cluster's fork server (runtime/cluster/client.py): Ctrl-C ignored
there and so in every worker process it forks, as multiprocessing gives its children the
handler the server had when it started. The count's own process hears Ctrl-C and stops
them, so none prints a traceback of its own."""

import signal

signal.signal(signal.SIGINT, signal.SIG_IGN)
