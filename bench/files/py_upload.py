#!/usr/bin/env python3
"""The Python driver of the files benchmark, uploading: calls
``upload_file(file=Path(FILE), purpose="bench")`` of the SDK generated from
generator/tests/fixtures/files.yaml against the harness's server (the file
is read while it is sent, never whole), and prints one JSON line: the file's
size, VmRSS before the call, VmHWM after it (reset before the call where the
kernel allows) and their difference in MB.

    py_upload.py --base-url URL --file PATH --sdk-path DIR
"""

from __future__ import annotations

import argparse
from pathlib import Path

from pymem import report, reset_peak, status_kb, use_sdk, warm_up


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base-url", required=True)
    parser.add_argument("--file", required=True, help="the file to upload")
    parser.add_argument(
        "--sdk-path", default=".", help="where the generated package lives"
    )
    args = parser.parse_args()
    use_sdk(args.sdk_path)
    from files import Files

    source = Path(args.file)
    with Files(base_url=args.base_url) as client:
        warm_up(client)
        reset_peak()
        before = status_kb("VmRSS")
        client.files.upload_file(file=source, purpose="bench")
        peak = status_kb("VmHWM")
    report("upload", source.stat().st_size, before, peak)


if __name__ == "__main__":
    main()
