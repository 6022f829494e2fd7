// support: writing files whole or not at all, and the user's cache directory.
#ifndef PTOLINT_SUPPORT_FILES_H
#define PTOLINT_SUPPORT_FILES_H

#include <string>

namespace pto::support {

/// Writes Text to Path through a temporary beside it and a rename: readers see the old file or the new one, never
/// half of one (a full disk leaves the old file, and no temporary). A path that exists and is not a regular file
/// (/dev/stdout, a pipe, /dev/full) is written in place, errors checked. "" or the error
/// (`cannot write 'PATH': REASON`).
std::string writeAtomically(const std::string &Path, const std::string &Text);

/// pto-lint's cache directory for Sub (e.g. "results"): `$XDG_CACHE_HOME/pto-lint/Sub`, else
/// `$HOME/.cache/pto-lint/Sub` (an empty variable counts as unset); "" when there is neither.
std::string userCacheDir(const std::string &Sub);

} // namespace pto::support

#endif
