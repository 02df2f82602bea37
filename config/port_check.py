"""`make run`'s check that the development server's port is free, before anything else starts.

Daphne's runserver only logs "Address already in use" for a taken port and then waits forever, so `make run`
asks first: `python -m config.port_check 8000` exits 0 when 127.0.0.1:8000 can be bound, else 1 with a message
that says what to do. Standard library only, so that it answers at once.
"""

from __future__ import annotations

import socket
import sys

HOST = "127.0.0.1"


def port_is_free(port: int, host: str = HOST) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        # As the server will: a port left in TIME_WAIT by a server just stopped is free, a listening one is not.
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError:
            return False
    return True


def main(argv: list[str]) -> int:
    try:
        port = int(argv[0]) if len(argv) == 1 else 0
    except ValueError:
        port = 0
    if not 1 <= port <= 65535:
        print("PORT must be a number from 1 to 65535, e.g. `make run PORT=8001`.", file=sys.stderr)
        return 2
    if not port_is_free(port):
        suggestion = port + 1 if port < 65535 else port - 1
        print(f"Port {port} is already in use: stop the other server or run `make run PORT={suggestion}`",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
