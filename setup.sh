#!/usr/bin/env bash
# Set up lecturekit on a Debian machine, then run one job:
#   ./setup.sh demo   render the bundled demo lecture into media/
#   ./setup.sh test   lint and run the test suite
# It installs the system libraries manim builds against (apt-get when run as root; otherwise it
# prints the exact command) and a virtual environment in .venv with lecturekit in it.
set -euo pipefail
cd "$(dirname "$0")"

job="${1:-demo}"
# strace: the hostile-lecture tests watch what a command opens and connects to;
# chromium: the browser the studio tests drive; Noto: the fonts of every script the text is set in;
# libicu-dev and g++: PyICU builds against ICU; libunistring2: PO files wrapped where gettext wraps them
system_packages=(pkg-config libcairo2-dev libpango1.0-dev espeak-ng strace chromium fonts-noto-core fonts-noto-cjk
                 libicu-dev g++ libunistring2)
# only for the tests: tools nobody here wrote read our videos (ffmpeg/ffprobe, MediaInfo, GStreamer with
# Cisco's openh264 decoder); gettext's msgfmt checks the translation files; poppler-utils reads the handout PDF;
# libxml2-utils' xmllint validates the SCORM manifest against ADL's schemas
if [[ $job == test ]]; then
  system_packages+=(ffmpeg gettext mediainfo gstreamer1.0-tools gstreamer1.0-plugins-base gstreamer1.0-plugins-good
                    gstreamer1.0-plugins-bad libopenh264-7 poppler-utils libxml2-utils)
fi

missing=()
for package in "${system_packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if ((${#missing[@]})); then
  if [[ $(id -u) -eq 0 ]]; then
    echo "setup: installing ${missing[*]} with apt-get"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  else
    echo "setup: these system packages are missing; install them and run again:" >&2
    echo "  sudo apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
fi

python=${PYTHON:-python3}
if ! "$python" -c 'import sys; sys.exit(sys.version_info < (3, 11))'; then
  echo "setup: lecturekit needs Python 3.11 or newer ($python is $("$python" --version 2>&1))" >&2
  exit 1
fi
if [[ ! -x .venv/bin/python ]]; then
  "$python" -m venv .venv
fi
stamp=.venv/.lecturekit-installed
if [[ ! -f $stamp || pyproject.toml -nt $stamp ]]; then
  echo "setup: installing lecturekit and its dependencies into .venv"
  .venv/bin/python -m pip install -q --upgrade pip
  .venv/bin/python -m pip install -q -e '.[test,voice]'
  touch "$stamp"
fi

case "$job" in
  demo) exec .venv/bin/lecturekit render ;;
  test)
    .venv/bin/ruff check .
    .venv/bin/lint-imports --no-cache
    .venv/bin/mypy
    # one pytest worker a core; a file stays on one worker, so its module fixtures are made once
    exec .venv/bin/python -m pytest -q -n auto --dist loadfile ;;
  *) echo "setup: unknown job '$job' (demo or test)" >&2; exit 2 ;;
esac
