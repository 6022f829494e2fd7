// support: clang-tidy style globs and glob lists (`pto-*,-pto-part-*`), as Checks, NOLINT and the options use them.
#ifndef PTOLINT_SUPPORT_GLOB_H
#define PTOLINT_SUPPORT_GLOB_H

#include <string>
#include <vector>

namespace pto::support {

/// clang-tidy style glob: '*' matches any run of characters.
bool globMatch(const std::string &Glob, const std::string &Text);
/// A clang-tidy glob list (`pto-*,-pto-part-*`): the last glob matching Id decides (a `-` glob: false);
/// Initially when none matches.
bool globListMatch(const std::vector<std::string> &Globs, const std::string &Id, bool Initially);

} // namespace pto::support

#endif
