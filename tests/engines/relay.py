"""The pipe between the arbiter and a wrapped engine, for the test engines that sit on it
(scored.py, tunable.py): each reads the arbiter's lines, may keep one back, and passes the
rest on."""
import subprocess
import sys
import threading


def start(command, passes):
    """Starts `command` and a thread that hands it every line of our stdin (the arbiter's)
    for which `passes(line)` is true, closing its input at the end; returns the engine,
    whose stdout the caller reads."""
    engine = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def feed():
        for line in sys.stdin:
            if not passes(line):
                continue
            try:
                engine.stdin.write(line)
                engine.stdin.flush()
            except BrokenPipeError:
                break
        try:
            engine.stdin.close()
        except BrokenPipeError:
            pass

    threading.Thread(target=feed, daemon=True).start()
    return engine
