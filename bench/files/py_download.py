#!/usr/bin/env python3
"""The Python driver of the files benchmark, downloading: calls
``download_file(file_id="big")`` of the SDK generated from
generator/tests/fixtures/files.yaml against the harness's server, writes the
body with ``write_to_file``, and prints one JSON line: the bytes written,
VmRSS before the call, VmHWM after it (reset before the call where the
kernel allows) and their difference in MB.

    py_download.py --base-url URL --out PATH --sdk-path DIR
"""

from __future__ import annotations

import argparse

from pymem import report, reset_peak, status_kb, use_sdk, warm_up


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base-url", required=True)
    parser.add_argument("--out", required=True, help="the file the body is written to")
    parser.add_argument(
        "--sdk-path", default=".", help="where the generated package lives"
    )
    args = parser.parse_args()
    use_sdk(args.sdk_path)
    from files import Files

    with Files(base_url=args.base_url) as client:
        warm_up(client)
        reset_peak()
        before = status_kb("VmRSS")
        with client.files.download_file(file_id="big") as response:
            written = response.write_to_file(args.out)
        peak = status_kb("VmHWM")
    report("download", written, before, peak)


if __name__ == "__main__":
    main()
