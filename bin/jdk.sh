# Sourced by ./terminus and ./run-tests: exports JAVA_HOME pointing at a JDK >= 21.
# Order: $JAVA_HOME if it is new enough, else the newest JDK under /usr/lib/jvm,
# else the `javac` on PATH. Prints what is missing and returns 1 when there is none.

terminus_jdk_major() { # $1 = a JDK home; prints its feature version, or nothing
  local home=$1 v=""
  [ -x "$home/bin/java" ] && [ -x "$home/bin/javac" ] || return 0
  if [ -f "$home/release" ]; then
    v=$(sed -n 's/^JAVA_VERSION="\([0-9][0-9]*\).*/\1/p' "$home/release" | head -n 1)
  fi
  if [ -z "$v" ]; then
    v=$("$home/bin/java" -version 2>&1 | sed -n 's/.*version "\([0-9][0-9]*\).*/\1/p' | head -n 1)
  fi
  [ "$v" = "1" ] && v=8
  printf '%s' "$v"
}

terminus_find_jdk() {
  local required=21 best="" best_major=0 home major seen=""
  if [ -n "${JAVA_HOME:-}" ]; then
    major=$(terminus_jdk_major "$JAVA_HOME")
    if [ -n "$major" ] && [ "$major" -ge "$required" ]; then
      export JAVA_HOME; return 0
    fi
    seen="JAVA_HOME=$JAVA_HOME is ${major:+Java $major}${major:-not a JDK}; "
  fi
  for home in /usr/lib/jvm/*; do
    [ -d "$home" ] && [ ! -L "$home" ] || continue
    major=$(terminus_jdk_major "$home")
    if [ -n "$major" ] && [ "$major" -gt "$best_major" ]; then best=$home; best_major=$major; fi
  done
  if [ "$best_major" -ge "$required" ]; then
    export JAVA_HOME=$best; return 0
  fi
  if command -v javac >/dev/null 2>&1; then
    home=$(dirname "$(dirname "$(readlink -f "$(command -v javac)")")")
    major=$(terminus_jdk_major "$home")
    if [ -n "$major" ] && [ "$major" -ge "$required" ]; then
      export JAVA_HOME=$home; return 0
    fi
  fi
  echo "terminus: no JDK $required or newer found. ${seen}newest under /usr/lib/jvm: ${best:-none}${best:+ (Java $best_major)}." >&2
  echo "terminus: install a JDK >= $required (java and javac) and set JAVA_HOME to it." >&2
  return 1
}

# Maven's own libraries call sun.misc.Unsafe; JDK 24+ warns about it on every run. Allow it quietly.
terminus_maven_opts() {
  local major
  major=$(terminus_jdk_major "$JAVA_HOME")
  if [ -n "$major" ] && [ "$major" -ge 24 ]; then
    export MAVEN_OPTS="${MAVEN_OPTS:-} --sun-misc-unsafe-memory-access=allow"
  fi
}
