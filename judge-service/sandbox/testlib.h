/*
 * testlib.h for this online judge: checkers, interactors, validators and generators written against
 * the testlib API (Codeforces/Polygon, HOJ, Hydro...) compile and behave here without changes.
 *
 * Written for this project from the public description of that API. One header, C++11 or newer,
 * nothing but the standard library. Covered: registerTestlibCmd (checkers), registerInteraction
 * (interactors), registerValidation (validators: strict reading of stdin, the validator object with
 * testset, group, test case and features, the test overview log), registerGen (generators: testlib's
 * own random generator, so a generator writes the tests it writes on Polygon for the same command
 * line, command-line options with opt and has_opt, println, shuffle), the inf/ouf/ans streams with
 * their readers, quitf/quitp/quitpi/quits/quitif/quitscr, ensuref, the stringTo* parsers, and the
 * usual string and double helpers.
 *
 * Command lines
 *   checker    <input> <output> <answer> [<result-file> [-appes]]
 *   interactor <input> <output-for-log> [<answer> [<result-file> [-appes]]]
 *              ouf reads the program's output (stdin), stdout goes to the program, tout writes
 *              the second file.
 *
 * Verdict: "<word> <message>" on stderr (in the result file when one is given), and the exit code
 *   ok                          0   (OK_EXIT_CODE)
 *   wrong answer                1   (WA_EXIT_CODE)
 *   wrong output format         2   (PE_EXIT_CODE; also for _dirt and, by default, _unexpected_eof)
 *   FAIL                        3   (FAIL_EXIT_CODE: the checker, the input or the answer is wrong)
 *   points <p>                  7   (POINTS_EXIT_CODE)
 *   unexpected eof              8   (UNEXPECTED_EOF_EXIT_CODE, only with ENABLE_UNEXPECTED_EOF)
 *   partially correct (<n>)     16 + n, n in 0..100 (PC_BASE_EXIT_CODE + n)
 * Each code can be changed by defining its macro before the #include.
 *
 * Failures while reading: malformed data or an early end of the user's output (ouf) is "wrong
 * output format"; a value outside the range given to a reader, or a token or line that does not
 * match its pattern, is "wrong answer"; any failure while reading inf or ans is FAIL. After
 * quitf(_ok), quitp or _pc(n) in a checker, anything but blanks left in ouf is "wrong output format
 * Extra information in the output file". A checker that returns without calling quit is a FAIL.
 *
 * Generator: gen [arguments...]; the test goes to stdout (or to files with startTest). Options:
 *   -key=value --key=value    -key value --key value    -n5 (one letter and digits)    -flag ("true")
 * opt<T>(key) / opt<T>(index) read them (FAIL "Opts: unknown key 'k'", "Opts: expected integer but
 * 'x' found", "Opts: index '3' is out of range [0,3)"...); after has_opt or opt(key, default), an
 * option given but never read is FAIL "Opts: unused key 'k'" when the generator ends.
 *
 * Patterns (readToken/readWord/readLine/readString with a pattern) are a subset of regular
 * expressions, always matched against the whole token or line:
 *   x         the character x ('.' is an ordinary character too)
 *   \x        the character x, even when it is special: \[ \( \| \\ \{ \* \+ \?
 *   [abc]     one of the characters; ranges [a-z0-9_]; [^...] any character but these
 *   (...)     a group
 *   a|b       either alternative (inside a group or at the top)
 *   ? * +     zero or one, any number, one or more of what precedes
 *   {n} {n,} {n,m}  exactly n, at least n, n to m of what precedes
 * Examples: "[a-z]{1,10}", "YES|NO", "[1-9][0-9]{0,8}|0", "(ab|c)+". rnd.next(pattern) reads its
 * pattern as testlib does (see "Patterns as rnd.next(pattern) reads them" near the end): blanks are
 * dropped, parentheses group only a whole pattern or alternative, and * and + cannot be generated.
 */
#ifndef _TESTLIB_H_
#define _TESTLIB_H_
#define OJ_TESTLIB_H 1

#include <algorithm>
#include <cctype>
#include <climits>
#include <cmath>
#include <csignal>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <iostream>
#include <iterator>
#include <limits>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#ifndef OK_EXIT_CODE
#define OK_EXIT_CODE 0
#endif
#ifndef WA_EXIT_CODE
#define WA_EXIT_CODE 1
#endif
#ifndef PE_EXIT_CODE
#define PE_EXIT_CODE 2
#endif
#ifndef FAIL_EXIT_CODE
#define FAIL_EXIT_CODE 3
#endif
#ifndef DIRT_EXIT_CODE
#define DIRT_EXIT_CODE 4
#endif
#ifndef POINTS_EXIT_CODE
#define POINTS_EXIT_CODE 7
#endif
#ifndef UNEXPECTED_EOF_EXIT_CODE
#define UNEXPECTED_EOF_EXIT_CODE 8
#endif
#ifndef PC_BASE_EXIT_CODE
#define PC_BASE_EXIT_CODE 16
#endif

enum TResult { _ok = 0, _wa = 1, _pe = 2, _fail = 3, _dirt = 4, _points = 5, _unexpected_eof = 8, _partially = 16 };
#define _pc(exitCode) (TResult(_partially + (exitCode)))

enum TMode { _input, _output, _answer };
enum TTestlibMode { _unknown, _checker, _validator, _generator, _interactor, _scorer };

class InStream;
class random_t;

// ---------------------------------------------------------------------------------------------
// Internal helpers

namespace oj_testlib {

inline std::string vformat(const char* fmt, va_list ap) {
  if (fmt == NULL) return std::string();
  char small[1024];
  va_list copy;
  va_copy(copy, ap);
  int n = std::vsnprintf(small, sizeof small, fmt, copy);
  va_end(copy);
  if (n < 0) return std::string(fmt);
  if (n < static_cast<int>(sizeof small)) return std::string(small, static_cast<size_t>(n));
  std::vector<char> big(static_cast<size_t>(n) + 1);
  std::vsnprintf(&big[0], big.size(), fmt, ap);
  return std::string(&big[0], static_cast<size_t>(n));
}

inline bool isBlank(int c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

/** A long text shortened for a message: its start and its end. */
inline std::string shorten(const std::string& s) {
  if (s.size() <= 64) return s;
  return s.substr(0, 30) + "..." + s.substr(s.size() - 31);
}

/** A double without the zeros a fixed format leaves at its end: 50, 0.5, -2.25. */
inline std::string plainDouble(double v) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  char buf[400];
  std::snprintf(buf, sizeof buf, "%.10f", v);
  std::string s(buf);
  if (s.find('.') != std::string::npos) {
    while (!s.empty() && s[s.size() - 1] == '0') s.erase(s.size() - 1);
    if (!s.empty() && s[s.size() - 1] == '.') s.erase(s.size() - 1);
  }
  if (s == "-0") s = "0";
  return s;
}

/** Canonical signed integer: optional '-', digits, no leading zeros, no "-0". */
inline bool parseSigned(const std::string& s, long long& out) {
  size_t i = 0;
  bool neg = false;
  if (s.size() > 1 && s[0] == '-') {
    neg = true;
    i = 1;
  }
  if (i >= s.size() || s.size() - i > 19) return false;
  if (s[i] == '0' && (s.size() - i > 1 || neg)) return false;
  unsigned long long v = 0;
  for (; i < s.size(); ++i) {
    if (s[i] < '0' || s[i] > '9') return false;
    v = v * 10 + static_cast<unsigned long long>(s[i] - '0');
  }
  const unsigned long long maxPos = static_cast<unsigned long long>(LLONG_MAX);
  if (neg) {
    if (v > maxPos + 1) return false;
    out = v == maxPos + 1 ? LLONG_MIN : -static_cast<long long>(v);
  } else {
    if (v > maxPos) return false;
    out = static_cast<long long>(v);
  }
  return true;
}

inline bool parseUnsigned(const std::string& s, unsigned long long& out) {
  if (s.empty() || s.size() > 20) return false;
  if (s[0] == '0' && s.size() > 1) return false;
  unsigned long long v = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] < '0' || s[i] > '9') return false;
    unsigned long long d = static_cast<unsigned long long>(s[i] - '0');
    if (v > (ULLONG_MAX - d) / 10) return false;
    v = v * 10 + d;
  }
  out = v;
  return true;
}

inline bool isDigit(char c) { return c >= '0' && c <= '9'; }

/** A decimal number: [-+]digits[.digits][e[-+]digits], digits on at least one side of the point. */
inline bool parseDouble(const std::string& s, double& out) {
  size_t i = 0, n = s.size(), digits = 0;
  if (i < n && (s[i] == '-' || s[i] == '+')) ++i;
  while (i < n && isDigit(s[i])) ++i, ++digits;
  if (i < n && s[i] == '.') {
    ++i;
    while (i < n && isDigit(s[i])) ++i, ++digits;
  }
  if (digits == 0) return false;
  if (i < n && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    if (i < n && (s[i] == '-' || s[i] == '+')) ++i;
    size_t e = 0;
    while (i < n && isDigit(s[i])) ++i, ++e;
    if (e == 0) return false;
  }
  if (i != n) return false;
  // What is too large for a double is infinite (1e400), as with strtod; only the syntax is checked.
  out = std::strtod(s.c_str(), NULL);
  return !std::isnan(out);
}

/** Fixed notation only: [-]digits[.digits], no leading zeros, a number of digits after the point in [minAfter, maxAfter]. */
inline bool parseStrictDouble(const std::string& s, int minAfter, int maxAfter, double& out) {
  size_t i = 0, n = s.size();
  if (i < n && s[i] == '-') ++i;
  size_t start = i;
  while (i < n && isDigit(s[i])) ++i;
  size_t intDigits = i - start;
  if (intDigits == 0 || (s[start] == '0' && intDigits > 1)) return false;
  int after = 0;
  if (i < n && s[i] == '.') {
    ++i;
    size_t f = i;
    while (i < n && isDigit(s[i])) ++i;
    after = static_cast<int>(i - f);
    if (after == 0) return false;
  }
  if (i != n || after < minAfter || after > maxAfter) return false;
  out = std::strtod(s.c_str(), NULL);
  return std::isfinite(out) != 0;
}

struct State {
  std::string resultName;
  bool appes;
  bool quitCalled;
  bool readEofCalled;
  bool hasTestCase;
  int testCase;
  std::string checkerName;
  State() : appes(false), quitCalled(false), readEofCalled(false), hasTestCase(false), testCase(0) {}
};

// Never destroyed: the end-of-program check reads it while other statics are going away.
inline State& state() {
  static State* s = new State();
  return *s;
}

/** A generator's command-line options (prepareOpts), each with whether it was read. */
struct OptsState {
  std::vector<std::string> argv;
  std::map<std::string, std::pair<std::string, bool> > values;
  /** Set by has_opt and opt(key, default): options never read are then an error at the end. */
  bool checkUnused;
  bool suppressed;
  OptsState() : checkUnused(false), suppressed(false) {}
};

inline OptsState& optsState() {
  static OptsState* o = new OptsState();
  return *o;
}

/** "Opts: unused key 'k'" for the first (by key) option given but never read; empty if none. */
inline std::string unusedOptMessage() {
  const OptsState& o = optsState();
  for (std::map<std::string, std::pair<std::string, bool> >::const_iterator i = o.values.begin(); i != o.values.end(); ++i)
    if (!i->second.second) return "Opts: unused key '" + shorten(i->first) + "'";
  return std::string();
}

/** What a validator saw, for its test overview log (--testOverviewLogFileName). */
struct ValidatorLog {
  struct Bounds {
    bool minHit, maxHit, constMin, constMax;
    std::string lo, hi;
    Bounds() : minHit(false), maxHit(false), constMin(true), constMax(true) {}
  };
  std::string testset, group, overviewFile, markupFile, testCaseFile;
  int testCase;
  bool hasTestCase;
  /** Set by registerValidation: the input's named values are noted. */
  bool active;
  std::map<std::string, Bounds> bounds;
  std::set<std::string> variables, features, hitFeatures;
  ValidatorLog() : testset("tests"), testCase(-1), hasTestCase(false), active(false) {}
};

inline ValidatorLog& validatorLog() {
  static ValidatorLog* v = new ValidatorLog();
  return *v;
}

/** Writes a named file, or stdout / stderr for those names. */
inline void writeNamedFile(const std::string& name, const std::string& content) {
  if (name.empty()) return;
  std::FILE* f = name == "stdout" ? stdout : name == "stderr" ? stderr : std::fopen(name.c_str(), "w");
  if (f == NULL) return;
  std::fputs(content.c_str(), f);
  if (f == stdout || f == stderr) std::fflush(f);
  else std::fclose(f);
}

/**
 * The test overview log: per analysed variable the bounds reached, the bounds when they were the same
 * on every read (else ?), every named variable, and the features declared with whether they were hit.
 */
inline std::string overviewText() {
  const ValidatorLog& v = validatorLog();
  std::string out;
  for (std::map<std::string, ValidatorLog::Bounds>::const_iterator i = v.bounds.begin(); i != v.bounds.end(); ++i) {
    out += "\"" + i->first + "\":";
    if (i->second.minHit) out += " min-value-hit";
    if (i->second.maxHit) out += " max-value-hit";
    out += "\n";
  }
  for (std::map<std::string, ValidatorLog::Bounds>::const_iterator i = v.bounds.begin(); i != v.bounds.end(); ++i) {
    out += "constant-bounds \"" + i->first + "\": " + (i->second.constMin ? i->second.lo : "?") + " " + (i->second.constMax ? i->second.hi : "?") + "\n";
  }
  for (std::set<std::string>::const_iterator i = v.variables.begin(); i != v.variables.end(); ++i) out += "variable \"" + *i + "\"\n";
  for (std::set<std::string>::const_iterator i = v.features.begin(); i != v.features.end(); ++i) {
    out += "feature \"" + *i + "\":" + (v.hitFeatures.count(*i) ? " hit" : "") + "\n";
  }
  return out;
}

/** Written once, when the validator ends: what it saw if it accepted the input, nothing if not. */
inline void writeOverview(bool accepted) {
  ValidatorLog& v = validatorLog();
  std::string name = v.overviewFile;
  v.overviewFile.clear();
  writeNamedFile(name, accepted ? overviewText() : "");
}

inline std::string xmlEscape(const std::string& s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (c == '&') out += "&amp;";
    else if (c == '<') out += "&lt;";
    else if (c == '>') out += "&gt;";
    else if (c == '"') out += "&quot;";
    else out += c;
  }
  return out;
}

/** Writes the verdict line where it belongs; false when the result file cannot be written. */
inline bool writeVerdict(const std::string& text, const std::string& outcome, const std::string& attrs) {
  const State& st = state();
  if (st.resultName.empty()) {
    std::fputs(text.c_str(), stderr);
    std::fflush(stderr);
    return true;
  }
  std::FILE* f = std::fopen(st.resultName.c_str(), "w");
  if (f == NULL) return false;
  if (st.appes) {
    std::fprintf(f, "<?xml version=\"1.0\" encoding=\"utf-8\"?><result outcome = \"%s\"%s>%s</result>\n", outcome.c_str(), attrs.c_str(), xmlEscape(text).c_str());
  } else {
    std::fputs(text.c_str(), f);
  }
  bool ok = std::fclose(f) == 0;
  return ok;
}

}  // namespace oj_testlib

// ---------------------------------------------------------------------------------------------
// String helpers

inline std::string format(const char* fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  std::string s = oj_testlib::vformat(fmt, ap);
  va_end(ap);
  return s;
}

template <typename T>
std::string vtos(const T& t) {
  std::ostringstream ss;
  ss << t;
  return ss.str();
}
inline std::string vtos(double t) { return oj_testlib::plainDouble(t); }
inline std::string vtos(float t) { return oj_testlib::plainDouble(t); }
inline std::string vtos(long double t) { return oj_testlib::plainDouble(static_cast<double>(t)); }
inline std::string vtos(const std::string& s) { return s; }
inline std::string vtos(const char* s) { return s == NULL ? std::string() : std::string(s); }

template <typename T>
std::string toString(const T& t) {
  return vtos(t);
}

inline std::string removeDoubleTrailingZeroes(std::string s) {
  if (s.find('.') == std::string::npos) return s;
  while (!s.empty() && s[s.size() - 1] == '0') s.erase(s.size() - 1);
  if (!s.empty() && s[s.size() - 1] == '.') s.erase(s.size() - 1);
  return s.empty() ? std::string("0") : s;
}

inline std::string upperCase(std::string s) {
  for (size_t i = 0; i < s.size(); ++i) s[i] = static_cast<char>(std::toupper(static_cast<unsigned char>(s[i])));
  return s;
}

inline std::string lowerCase(std::string s) {
  for (size_t i = 0; i < s.size(); ++i) s[i] = static_cast<char>(std::tolower(static_cast<unsigned char>(s[i])));
  return s;
}

inline std::string trim(const std::string& s) {
  size_t b = 0, e = s.size();
  while (b < e && oj_testlib::isBlank(static_cast<unsigned char>(s[b]))) ++b;
  while (e > b && oj_testlib::isBlank(static_cast<unsigned char>(s[e - 1]))) --e;
  return s.substr(b, e - b);
}

inline std::string compress(const std::string& s) { return oj_testlib::shorten(s); }
inline std::string __testlib_part(const std::string& s) { return oj_testlib::shorten(s); }

/** An integer with seven or more trailing zeros as a power of ten: 10^7, 314*10^8, -10^9; others as they are. */
template <typename T>
std::string toHumanReadableString(const T& n) {
  static_assert(std::numeric_limits<T>::is_integer, "toHumanReadableString takes an integer");
  if (n == 0) return "0";
  bool negative = n < 0;
  // Digits of the magnitude, most significant first (no overflow for the smallest value).
  std::string digits;
  for (T x = n; x != 0; x /= 10) {
    int d = static_cast<int>(x % 10);
    digits += static_cast<char>('0' + (d < 0 ? -d : d));
  }
  std::reverse(digits.begin(), digits.end());
  size_t zeros = 0;
  while (zeros < digits.size() && digits[digits.size() - 1 - zeros] == '0') ++zeros;
  std::string sign = negative ? "-" : "";
  if (zeros < 7) return sign + digits;
  std::string mantissa = digits.substr(0, digits.size() - zeros);
  std::string power = "10^" + std::to_string(zeros);
  return sign + (mantissa == "1" ? power : mantissa + "*" + power);
}

inline std::string englishEnding(int x) {
  x %= 100;
  if (x < 0) x = -x;
  if (x / 10 == 1) return "th";
  if (x % 10 == 1) return "st";
  if (x % 10 == 2) return "nd";
  if (x % 10 == 3) return "rd";
  return "th";
}

template <typename It>
std::string join(It first, It last, const std::string& separator) {
  std::ostringstream ss;
  for (It it = first; it != last; ++it) {
    if (it != first) ss << separator;
    ss << *it;
  }
  return ss.str();
}
template <typename It>
std::string join(It first, It last, char separator) {
  return join(first, last, std::string(1, separator));
}
template <typename It>
std::string join(It first, It last) {
  return join(first, last, std::string(" "));
}
template <typename C>
std::string join(const C& c, char separator) {
  return join(c.begin(), c.end(), std::string(1, separator));
}
template <typename C>
std::string join(const C& c) {
  return join(c.begin(), c.end(), std::string(" "));
}

// split and tokenize are templates so that a checker written for an older testlib, which had
// neither, may still define its own with the same parameters: the caller's function wins.

/** Parts between separators, empty ones included. */
template <typename Separator>
std::vector<std::string> split(const std::string& s, Separator separator) {
  std::vector<std::string> out(1);
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == separator) out.push_back(std::string());
    else out.back() += s[i];
  }
  return out;
}

/** Parts between separators, empty ones left out. */
template <typename Separator>
std::vector<std::string> tokenize(const std::string& s, Separator separator) {
  std::vector<std::string> out;
  std::string cur;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == separator) {
      if (!cur.empty()) out.push_back(cur);
      cur.clear();
    } else {
      cur += s[i];
    }
  }
  if (!cur.empty()) out.push_back(cur);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Doubles

/** Equal within an absolute or a relative error of maxError (NaN equals NaN, infinities their sign). */
inline bool doubleCompare(double expected, double result, double maxError) {
  maxError += 1e-15;
  if (std::isnan(expected)) return std::isnan(result);
  if (std::isinf(expected)) return std::isinf(result) && ((expected > 0) == (result > 0));
  if (std::isnan(result) || std::isinf(result)) return false;
  if (std::fabs(result - expected) <= maxError) return true;
  double a = expected * (1.0 - maxError), b = expected * (1.0 + maxError);
  return result >= std::min(a, b) && result <= std::max(a, b);
}

inline bool compareDoubles(double expected, double result, double maxError) { return doubleCompare(expected, result, maxError); }

/** The smaller of the absolute and the relative difference. */
inline double doubleDelta(double expected, double result) {
  double absolute = std::fabs(result - expected);
  if (std::fabs(expected) > 1e-9) return std::min(absolute, std::fabs(absolute / expected));
  return absolute;
}

// ---------------------------------------------------------------------------------------------
// Patterns

class pattern {
 public:
  pattern() : source_() { init(); }
  pattern(std::string s) : source_(s) { init(); }  // NOLINT: implicit like testlib's

  const std::string& src() const { return source_; }

  /** Whether the whole of s matches. */
  bool matches(const std::string& s) const {
    Set start(s.size() + 1, 0);
    start[0] = 1;
    return applyGroup(0, s, start)[s.size()] != 0;
  }

  /** A random string the pattern matches. */
  std::string next(random_t& rnd) const;

 private:
  typedef std::vector<char> Set;
  struct Node {
    int group;  // index into groups_, or -1 for a character class
    std::vector<char> chars;
    int lo, hi;  // repetitions; hi < 0: no upper bound
    Node() : group(-1), chars(256, 0), lo(1), hi(1) {}
  };
  typedef std::vector<Node> Seq;
  typedef std::vector<Seq> Group;

  std::string source_;
  std::vector<Group> groups_;

  void init();
  [[noreturn]] void invalid(const std::string& why) const;
  int parseAlternatives(size_t& i, int depth);
  Seq parseSequence(size_t& i, int depth);
  int parseNumber(size_t& i) const;

  Set applyGroup(int g, const std::string& s, const Set& from) const {
    Set out(s.size() + 1, 0);
    const Group& grp = groups_[static_cast<size_t>(g)];
    for (size_t a = 0; a < grp.size(); ++a) {
      Set r = applySequence(grp[a], s, from);
      for (size_t p = 0; p < r.size(); ++p) out[p] = static_cast<char>(out[p] | r[p]);
    }
    return out;
  }

  Set applySequence(const Seq& seq, const std::string& s, Set cur) const {
    for (size_t k = 0; k < seq.size(); ++k) {
      cur = seq[k].group < 0 ? applyClass(seq[k], s, cur) : applyRepeat(seq[k], s, cur);
      if (std::find(cur.begin(), cur.end(), 1) == cur.end()) break;
    }
    return cur;
  }

  // Every end reachable with lo..hi characters of the class from every start: linear in s.
  static Set applyClass(const Node& node, const std::string& s, const Set& from) {
    size_t n = s.size();
    std::vector<size_t> run(n + 1, 0);
    for (size_t p = n; p-- > 0;) run[p] = node.chars[static_cast<unsigned char>(s[p])] ? run[p + 1] + 1 : 0;
    std::vector<long> diff(n + 2, 0);
    for (size_t p = 0; p <= n; ++p) {
      if (!from[p]) continue;
      size_t most = run[p];
      if (node.hi >= 0 && static_cast<size_t>(node.hi) < most) most = static_cast<size_t>(node.hi);
      size_t least = static_cast<size_t>(node.lo);
      if (least > most) continue;
      diff[p + least] += 1;
      diff[p + most + 1] -= 1;
    }
    Set out(n + 1, 0);
    long open = 0;
    for (size_t p = 0; p <= n; ++p) {
      open += diff[p];
      out[p] = open > 0 ? 1 : 0;
    }
    return out;
  }

  // A group repeated lo..hi times; past lo, only ends not seen before are taken further.
  Set applyRepeat(const Node& node, const std::string& s, const Set& from) const {
    Set reached(s.size() + 1, 0);
    if (node.lo == 0) reached = from;
    Set cur = from;
    for (long k = 1; node.hi < 0 || k <= node.hi; ++k) {
      Set next = applyGroup(node.group, s, cur);
      if (k < node.lo) {
        if (std::find(next.begin(), next.end(), 1) == next.end()) return reached;
        if (next == cur) k = node.lo - 1;  // the same set for every further repetition
        cur = next;
        continue;
      }
      Set fresh(s.size() + 1, 0);
      bool any = false;
      for (size_t p = 0; p < next.size(); ++p) {
        if (next[p] && !reached[p]) {
          reached[p] = 1;
          fresh[p] = 1;
          any = true;
        }
      }
      if (!any) break;
      cur = fresh;
    }
    return reached;
  }

};

// ---------------------------------------------------------------------------------------------
// Random numbers: testlib's own generator, so that a generator gives here the very tests it gives
// on Polygon and Codeforces for the same command line.
//
// The engine is the 48-bit linear congruential generator seed' = (seed * 0x5DEECE66D + 0xB) mod 2^48,
// whose draws of k <= 48 bits are the top k bits of the new seed. 63 bits are two draws: 31 bits
// shifted up by 32, xored with 32 more (31 in random generator version 0, as before testlib 0.8.7).
// Every function below takes its draws in the order and number testlib takes them: that, not only
// the distribution, decides the test a generator writes.

namespace oj_testlib {

/** testlib's pattern, as rnd.next(pattern) reads it (see generateFromPattern at the end of the file). */
struct GenPattern {
  std::vector<char> chars;
  int from, to;  // repetitions of chars; to == 0: none, to == INT_MAX: unbounded (cannot generate)
  std::vector<GenPattern> children;
  GenPattern() : from(0), to(0) {}
};

inline GenPattern parseGenPattern(const std::string& text);
inline std::string generateFromPattern(const GenPattern& p, random_t& rnd);

}  // namespace oj_testlib

class random_t {
 public:
  /** 0 or 1, set by registerGen; -1 (draws as version 1) when registerGen was not called. */
  static int version;

  random_t() : seed_(3905348978240129619ULL) {}

  /** The seed of a command line: every byte of every argument after the program name, in order. */
  void setSeed(int argc, char* argv[]) {
    unsigned long long s = 3905348978240129619ULL;
    for (int i = 1; i < argc; ++i) {
      // A byte is widened as a signed char, as on the Windows and x86 compilers testlib is used with.
      for (const char* p = argv[i]; *p != '\0'; ++p) s = s * kMultiplier + static_cast<unsigned int>(static_cast<signed char>(*p)) + kAddend;
      s += kMultiplier / kAddend;
    }
    seed_ = s & kMask;
  }

  void setSeed(long long seed) { seed_ = (static_cast<unsigned long long>(seed) ^ kMultiplier) & kMask; }

  /** A random string matching a pattern (see the top of this file). */
  std::string next(const std::string& ptrn) { return oj_testlib::generateFromPattern(oj_testlib::parseGenPattern(ptrn), *this); }
  std::string next(const char* format, ...) {
    va_list ap;
    va_start(ap, format);
    std::string p = oj_testlib::vformat(format, ap);
    va_end(ap);
    return next(p);
  }

  /** Uniform in [0, n). */
  int next(int n) {
    if (n <= 0) fail("random_t::next(int n): n must be positive");
    if ((n & -n) == n) return static_cast<int>((static_cast<long long>(n) * nextBits(31)) >> 31);
    const long long limit = INT_MAX / n * n;
    long long bits;
    do {
      bits = nextBits(31);
    } while (bits >= limit);
    return static_cast<int>(bits % n);
  }
  unsigned int next(unsigned int n) {
    if (n >= static_cast<unsigned int>(INT_MAX)) fail("random_t::next(unsigned int n): n must be less INT_MAX");
    return static_cast<unsigned int>(next(static_cast<int>(n)));
  }
  long long next(long long n) {
    if (n <= 0) fail("random_t::next(long long n): n must be positive");
    const long long limit = LLONG_MAX / n * n;
    long long bits;
    do {
      bits = nextBits(63);
    } while (bits >= limit);
    return bits % n;
  }
  unsigned long long next(unsigned long long n) {
    if (n >= static_cast<unsigned long long>(LLONG_MAX)) fail("random_t::next(unsigned long long n): n must be less LONGLONG_MAX");
    return static_cast<unsigned long long>(next(static_cast<long long>(n)));
  }
  long next(long n) { return static_cast<long>(next(static_cast<long long>(n))); }
  unsigned long next(unsigned long n) {
    if (n >= static_cast<unsigned long>(LONG_MAX)) fail("random_t::next(unsigned long n): n must be less LONG_MAX");
    return static_cast<unsigned long>(next(static_cast<unsigned long long>(n)));
  }

  /** Uniform in [from, to]; the span is drawn as a long long (two draws of the engine per try). */
  int next(int from, int to) { return static_cast<int>(next(static_cast<long long>(to) - from + 1) + from); }
  unsigned int next(unsigned int from, unsigned int to) { return static_cast<unsigned int>(next(static_cast<long long>(to) - from + 1) + from); }
  long long next(long long from, long long to) { return next(to - from + 1) + from; }
  unsigned long long next(unsigned long long from, unsigned long long to) {
    if (from > to) fail("random_t::next(unsigned long long from, unsigned long long to): from can't not exceed to");
    return next(to - from + 1) + from;
  }
  long next(long from, long to) { return next(to - from + 1) + from; }
  unsigned long next(unsigned long from, unsigned long to) {
    if (from > to) fail("random_t::next(unsigned long from, unsigned long to): from can't not exceed to");
    return next(to - from + 1) + from;
  }

  /** Uniform in [0, 1): 53 bits from a draw of 26 and one of 27. */
  double next() {
    long long high = nextBits(26) << 27;
    long long low = nextBits(27);
    return crop(static_cast<double>(high + low) / static_cast<double>(1LL << 53), 0.0, 1.0);
  }
  double next(double n) {
    if (n <= 0.0) fail("random_t::next(double): n should be positive");
    return crop(n * next(), 0.0, n);
  }
  double next(double from, double to) {
    if (from >= to) fail("random_t::next(double from, double to): from should be strictly less than to");
    return next(to - from) + from;
  }

  /**
   * Weighted: type > 0 gives the largest of type + 1 draws, type < 0 the smallest of -type + 1, 0 a
   * plain draw. From |type| >= 25 on, one draw raised to a power stands in for the many.
   */
  int wnext(int n, int type) {
    if (n <= 0) fail("random_t::wnext(int n, int type): n must be positive");
    if (std::abs(type) < kWeightLimit) {
      int result = next(n);
      for (int i = 0; i < type; ++i) result = std::max(result, next(n));
      for (int i = 0; i < -type; ++i) result = std::min(result, next(n));
      return result;
    }
    return cropInt(static_cast<int>(static_cast<double>(n) * powered(type)), 0, n);
  }
  long long wnext(long long n, int type) {
    if (n <= 0) fail("random_t::wnext(long long n, int type): n must be positive");
    if (std::abs(type) < kWeightLimit) {
      long long result = next(n);
      for (int i = 0; i < type; ++i) result = std::max(result, next(n));
      for (int i = 0; i < -type; ++i) result = std::min(result, next(n));
      return result;
    }
    return cropInt(static_cast<long long>(static_cast<double>(n) * powered(type)), 0LL, n);
  }
  double wnext(double n, int type) {
    if (n <= 0) fail("random_t::wnext(double n, int type): n must be positive");
    if (std::abs(type) < kWeightLimit) {
      double result = next();
      for (int i = 0; i < type; ++i) result = std::max(result, next());
      for (int i = 0; i < -type; ++i) result = std::min(result, next());
      return n * result;
    }
    return crop(n * powered(type), 0.0, n);
  }
  double wnext(int type) { return wnext(1.0, type); }
  unsigned int wnext(unsigned int n, int type) {
    if (n >= static_cast<unsigned int>(INT_MAX)) fail("random_t::wnext(unsigned int n, int type): n must be less INT_MAX");
    return static_cast<unsigned int>(wnext(static_cast<int>(n), type));
  }
  unsigned long long wnext(unsigned long long n, int type) {
    if (n >= static_cast<unsigned long long>(LLONG_MAX)) fail("random_t::wnext(unsigned long long n, int type): n must be less LONGLONG_MAX");
    return static_cast<unsigned long long>(wnext(static_cast<long long>(n), type));
  }
  long wnext(long n, int type) { return static_cast<long>(wnext(static_cast<long long>(n), type)); }
  unsigned long wnext(unsigned long n, int type) {
    if (n >= static_cast<unsigned long>(LONG_MAX)) fail("random_t::wnext(unsigned long n, int type): n must be less LONG_MAX");
    return static_cast<unsigned long>(wnext(static_cast<unsigned long long>(n), type));
  }

  int wnext(int from, int to, int type) {
    if (from > to) fail("random_t::wnext(int from, int to, int type): from can't not exceed to");
    return wnext(to - from + 1, type) + from;
  }
  int wnext(unsigned int from, unsigned int to, int type) {
    if (from > to) fail("random_t::wnext(unsigned int from, unsigned int to, int type): from can't not exceed to");
    return static_cast<int>(wnext(to - from + 1, type) + from);
  }
  long long wnext(long long from, long long to, int type) {
    if (from > to) fail("random_t::wnext(long long from, long long to, int type): from can't not exceed to");
    return wnext(to - from + 1, type) + from;
  }
  unsigned long long wnext(unsigned long long from, unsigned long long to, int type) {
    if (from > to) fail("random_t::wnext(unsigned long long from, unsigned long long to, int type): from can't not exceed to");
    return wnext(to - from + 1, type) + from;
  }
  long wnext(long from, long to, int type) {
    if (from > to) fail("random_t::wnext(long from, long to, int type): from can't not exceed to");
    return wnext(to - from + 1, type) + from;
  }
  unsigned long wnext(unsigned long from, unsigned long to, int type) {
    if (from > to) fail("random_t::wnext(unsigned long from, unsigned long to, int type): from can't not exceed to");
    return wnext(to - from + 1, type) + from;
  }
  double wnext(double from, double to, int type) {
    if (from >= to) fail("random_t::wnext(double from, double to, int type): from should be strictly less than to");
    return wnext(to - from, type) + from;
  }

  /** An element at a uniform position (the position is drawn as an int). */
  template <typename C>
  typename C::value_type any(const C& c) {
    int size = static_cast<int>(c.size());
    if (size <= 0) fail("random_t::any(const Container& c): c.size() must be positive");
    typename C::const_iterator it = c.begin();
    std::advance(it, next(size));
    return *it;
  }
  template <typename It>
  typename std::iterator_traits<It>::value_type any(const It& begin, const It& end) {
    int size = static_cast<int>(std::distance(begin, end));
    if (size <= 0) fail("random_t::any(const Iter& begin, const Iter& end): range must have positive length");
    It it = begin;
    std::advance(it, next(size));
    return *it;
  }
  template <typename C>
  typename C::value_type wany(const C& c, int type) {
    int size = static_cast<int>(c.size());
    if (size <= 0) fail("random_t::wany(const Container& c, int type): c.size() must be positive");
    typename C::const_iterator it = c.begin();
    std::advance(it, wnext(size, type));
    return *it;
  }
  template <typename It>
  typename std::iterator_traits<It>::value_type wany(const It& begin, const It& end, int type) {
    int size = static_cast<int>(std::distance(begin, end));
    if (size <= 0) fail("random_t::any(const Iter& begin, const Iter& end, int type): range must have positive length");
    It it = begin;
    std::advance(it, wnext(size, type));
    return *it;
  }

  /** As the global shuffle. */
  template <typename It>
  void shuffle(It first, It last) {
    if (first == last) return;
    for (It i = first + 1; i != last; ++i) std::iter_swap(i, first + next(static_cast<int>(i - first) + 1));
  }

  /** first, first+1, ..., first+size-1 in random order: element i swaps with one of 0..i, i going up. */
  template <typename T, typename E>
  std::vector<E> perm(T size, E first) {
    if (size < 0) fail("random_t::perm(T size, E first = 0): size must non-negative");
    if (size == 0) return std::vector<E>();
    std::vector<E> p(static_cast<size_t>(size));
    E current = first;
    for (T i = 0; i < size; i++) p[static_cast<size_t>(i)] = current++;
    for (T i = 1; i < size; i++) std::swap(p[static_cast<size_t>(i)], p[static_cast<size_t>(next(i + 1))]);
    return p;
  }
  template <typename T>
  std::vector<T> perm(T size) {
    return perm(size, T(0));
  }

  /**
   * size distinct values of [from, to], unsorted: drawn until new when that is expected to take fewer
   * draws than the range has values, else the first size of a permutation of the range.
   */
  template <typename T>
  std::vector<T> distinct(int size, T from, T to) {
    std::vector<T> result;
    if (size == 0) return result;
    if (from > to) fail("random_t::distinct expected from <= to");
    if (size < 0) fail("random_t::distinct expected size >= 0");
    unsigned long long n = static_cast<unsigned long long>(to - from + 1);
    if (static_cast<unsigned long long>(size) > n) fail("random_t::distinct expected size <= to - from + 1");
    double expected = 0.0;
    for (int i = 1; i <= size; i++) expected += static_cast<double>(n) / static_cast<double>(n - static_cast<unsigned long long>(i) + 1);
    if (expected < static_cast<double>(n)) {
      std::set<T> seen;
      while (static_cast<int>(seen.size()) < size) {
        T x = T(next(from, to));
        if (seen.insert(x).second) result.push_back(x);
      }
    } else {
      if (n > 1000000000ULL) fail("random_t::distinct here expected to - from + 1 <= 1000000000");
      std::vector<T> p(perm(static_cast<int>(n), from));
      result.insert(result.end(), p.begin(), p.begin() + size);
    }
    return result;
  }
  template <typename T>
  std::vector<T> distinct(int size, T upper) {
    if (size < 0) fail("random_t::distinct expected size >= 0");
    if (size == 0) return std::vector<T>();
    if (upper <= 0) fail("random_t::distinct expected upper > 0");
    // Both are positive here; compared as unsigned so that no signedness warning comes with an unsigned T.
    if (static_cast<unsigned long long>(size) > static_cast<unsigned long long>(upper)) fail("random_t::distinct expected size <= upper");
    return distinct(size, T(0), static_cast<T>(upper - 1));
  }

  /** size parts, each at least minPart, adding up to sum, unsorted: cuts at distinct points. */
  template <typename T>
  std::vector<T> partition(int size, T sum, T minPart) {
    if (size < 0) fail("random_t::partition: size < 0");
    if (size == 0 && sum != 0) fail("random_t::partition: size == 0 && sum != 0");
    if (minPart * size > sum) fail("random_t::partition: min_part * size > sum");
    if (size == 0 && sum == 0) return std::vector<T>();
    T free = static_cast<T>(sum - minPart * size);
    std::vector<T> cuts(static_cast<size_t>(size));
    std::vector<T> d = distinct(size - 1, T(1), static_cast<T>(free + size - 1));
    for (int i = 0; i + 1 < size; i++) cuts[static_cast<size_t>(i) + 1] = d[static_cast<size_t>(i)];
    std::sort(cuts.begin(), cuts.end());
    std::vector<T> result(static_cast<size_t>(size));
    for (size_t i = 0; i + 1 < cuts.size(); i++) result[i] = static_cast<T>(cuts[i + 1] - cuts[i] - 1);
    result[result.size() - 1] = static_cast<T>(free + size - 1 - cuts.back());
    for (size_t i = 0; i < result.size(); i++) result[i] = static_cast<T>(result[i] + minPart);
    return result;
  }
  template <typename T>
  std::vector<T> partition(int size, T sum) {
    return partition(size, sum, T(1));
  }

 private:
  static constexpr unsigned long long kMultiplier = 0x5DEECE66DULL;
  static constexpr unsigned long long kAddend = 0xBULL;
  static constexpr unsigned long long kMask = (1ULL << 48) - 1;
  static constexpr int kWeightLimit = 25;

  unsigned long long seed_;

  [[noreturn]] static void fail(const std::string& why);

  long long nextBits(int bits) {
    if (bits <= 48) {
      seed_ = (seed_ * kMultiplier + kAddend) & kMask;
      return static_cast<long long>(seed_ >> (48 - bits));
    }
    if (bits > 63) fail("random_t::nextBits(int bits): n must be less than 64");
    long long high = nextBits(31) << 32;
    long long low = nextBits(version == 0 ? 31 : 32);
    return high ^ low;
  }

  /** One draw in place of the largest (type > 0) or smallest (type < 0) of |type| + 1. */
  double powered(int type) {
    if (type > 0) return std::pow(next() + 0.0, 1.0 / (type + 1));
    return 1 - std::pow(next() + 0.0, 1.0 / (-type + 1));
  }

  template <typename T>
  static T cropInt(T value, T lo, T hi) {
    return std::min(std::max(value, lo), static_cast<T>(hi - 1));
  }

  /** Into [lo, hi): hi itself becomes the double just below it. */
  static double crop(double value, double lo, double hi) {
    value = std::min(std::max(value, lo), hi);
    if (value >= hi) value = std::nextafter(hi, lo);
    return value;
  }
};

int random_t::version = -1;

template <typename It>
void shuffle(It first, It last);

// ---------------------------------------------------------------------------------------------
// Streams

class InStream {
 public:
  InStream() : name(), mode(_output), strict(false), maxMessageLength(32000), file_(NULL), owns_(false), opened_(false), line_(1) {}
  explicit InStream(TMode m) : name(), mode(m), strict(false), maxMessageLength(32000), file_(NULL), owns_(false), opened_(false), line_(1) {}
  ~InStream() { close(); }

  std::string name;
  TMode mode;
  bool strict;
  size_t maxMessageLength;

  /** Opens a file for reading; a missing user output is a presentation error, anything else a FAIL. */
  void init(const std::string& fileName, TMode m) {
    close();
    name = fileName;
    mode = m;
    file_ = std::fopen(fileName.c_str(), "rb");
    if (file_ == NULL) {
      if (m == _output) quit(_pe, "Output file not found: \"" + fileName + "\"");
      quit(_fail, "Can not open file \"" + fileName + "\"");
    }
    std::setvbuf(file_, NULL, _IOFBF, 1 << 16);
    owns_ = true;
    opened_ = true;
    line_ = 1;
  }

  /** Reads an already open stream (stdin of an interactor or a validator). */
  void init(std::FILE* f, TMode m) {
    close();
    name = f == stdin ? "stdin" : "stream";
    mode = m;
    file_ = f;
    owns_ = false;
    opened_ = f != NULL;
    line_ = 1;
  }

  void close() {
    if (file_ != NULL && owns_) std::fclose(file_);
    file_ = NULL;
    owns_ = false;
    opened_ = false;
    back_.clear();
  }

  bool opened() const { return opened_; }
  int getLine() const { return line_; }

  // --- characters --------------------------------------------------------------------------

  /** The next character without taking it, or EOF. */
  int curChar() {
    if (!back_.empty()) return back_.back();
    if (file_ == NULL) return EOF;
#if defined(__unix__) || defined(__APPLE__)
    int c = getc_unlocked(file_);
#else
    int c = std::getc(file_);
#endif
    if (c == EOF) return EOF;
    back_.push_back(c);
    return c;
  }

  /** Takes the next character, or returns EOF. */
  int nextChar() {
    int c = curChar();
    if (c != EOF) {
      back_.pop_back();
      if (c == '\n') ++line_;
    }
    return c;
  }

  void skipChar() { nextChar(); }

  void unreadChar(int c) {
    if (c == EOF) return;
    back_.push_back(c);
    if (c == '\n') --line_;
  }

  char readChar() {
    if (curChar() == EOF) quit(_unexpected_eof, "Unexpected end of file - char expected");
    return static_cast<char>(nextChar());
  }

  char readChar(char expected) {
    int c = curChar();
    if (c == EOF) quit(_unexpected_eof, std::string("Unexpected end of file - '") + expected + "' expected");
    if (static_cast<char>(c) != expected) quit(_pe, std::string("Unexpected character '") + static_cast<char>(c) + "', but '" + expected + "' expected");
    nextChar();
    return expected;
  }

  void readSpace() { readChar(' '); }

  // --- blanks, lines, end of file ----------------------------------------------------------

  void skipBlanks() {
    while (oj_testlib::isBlank(curChar())) nextChar();
  }

  /** At the very end (nothing left, not even blanks). */
  bool eof() { return curChar() == EOF; }

  /** Only blanks are left (they are skipped). */
  bool seekEof() {
    skipBlanks();
    return eof();
  }

  /** At the end of a line (taken) or of the file. Strict streams want exactly "\n". */
  bool eoln() {
    int c = curChar();
    if (strict) {
      if (c != '\n') return false;
      nextChar();
      return true;
    }
    if (c == EOF) return true;
    if (c == '\n') {
      nextChar();
      return true;
    }
    if (c == '\r') {
      nextChar();
      if (curChar() == '\n') {
        nextChar();
        return true;
      }
      unreadChar('\r');
    }
    return false;
  }

  /** Skips spaces and tabs, then eoln(). */
  bool seekEoln() {
    int c;
    while ((c = curChar()) == ' ' || c == '\t') nextChar();
    return eoln();
  }

  void nextLine() {
    for (;;) {
      int c = nextChar();
      if (c == EOF || c == '\n') return;
    }
  }

  void readEoln() {
    if (!eoln()) quit(_pe, "Expected EOLN");
  }

  void readEof() {
    if (!eof()) quit(_pe, "Expected EOF");
    oj_testlib::state().readEofCalled = true;
  }

  // --- tokens ------------------------------------------------------------------------------

  void readWordTo(std::string& result) { readTokenOf("token", result); }
  void readTokenTo(std::string& result) { readTokenOf("token", result); }

  std::string readWord() {
    std::string s;
    readTokenOf("token", s);
    return s;
  }
  std::string readToken() { return readWord(); }

  std::string readWord(const pattern& p, const std::string& variableName = "") {
    std::string s = readWord();
    noteVariable(variableName);
    checkPattern("Token", s, p, label(variableName));
    return s;
  }
  std::string readWord(const std::string& ptrn, const std::string& variableName = "") { return readWord(pattern(ptrn), variableName); }
  std::string readToken(const pattern& p, const std::string& variableName = "") { return readWord(p, variableName); }
  std::string readToken(const std::string& ptrn, const std::string& variableName = "") { return readWord(pattern(ptrn), variableName); }
  void readWordTo(std::string& result, const pattern& p, const std::string& variableName = "") { result = readWord(p, variableName); }
  void readWordTo(std::string& result, const std::string& ptrn, const std::string& variableName = "") { result = readWord(pattern(ptrn), variableName); }
  void readTokenTo(std::string& result, const pattern& p, const std::string& variableName = "") { result = readWord(p, variableName); }
  void readTokenTo(std::string& result, const std::string& ptrn, const std::string& variableName = "") { result = readWord(pattern(ptrn), variableName); }

  std::vector<std::string> readWords(int size, const std::string& ptrn, const std::string& variablesName = "", int indexBase = 1) {
    pattern p(ptrn);
    std::vector<std::string> out;
    for (int i = 0; i < size; ++i) {
      separate(i);
      std::string s = readWord();
      noteVariable(variablesName);
      checkPattern("Token", s, p, element(variablesName, i + indexBase));
      out.push_back(s);
    }
    return out;
  }
  std::vector<std::string> readWords(int size, int indexBase = 1) {
    (void)indexBase;
    std::vector<std::string> out;
    for (int i = 0; i < size; ++i) {
      separate(i);
      out.push_back(readWord());
    }
    return out;
  }
  std::vector<std::string> readTokens(int size, const std::string& ptrn, const std::string& variablesName = "", int indexBase = 1) { return readWords(size, ptrn, variablesName, indexBase); }
  std::vector<std::string> readTokens(int size, int indexBase = 1) { return readWords(size, indexBase); }

  // --- integers ----------------------------------------------------------------------------

  long long readLong() {
    std::string t = numberToken("int64");
    long long v;
    if (!oj_testlib::parseSigned(t, v)) quit(_pe, "Expected int64, but \"" + oj_testlib::shorten(t) + "\" found");
    return v;
  }

  unsigned long long readUnsignedLong() {
    std::string t = numberToken("uint64");
    unsigned long long v;
    if (!oj_testlib::parseUnsigned(t, v)) quit(_pe, "Expected uint64, but \"" + oj_testlib::shorten(t) + "\" found");
    return v;
  }

  int readInteger() {
    std::string t = numberToken("int32");
    long long v;
    if (!oj_testlib::parseSigned(t, v) || v < INT_MIN || v > INT_MAX) quit(_pe, "Expected int32, but \"" + oj_testlib::shorten(t) + "\" found");
    return static_cast<int>(v);
  }
  int readInt() { return readInteger(); }

  long long readLong(long long minv, long long maxv, const std::string& variableName = "") {
    long long v = readLong();
    checkRange("Integer", v, minv, maxv, label(variableName), variableName);
    return v;
  }
  unsigned long long readUnsignedLong(unsigned long long minv, unsigned long long maxv, const std::string& variableName = "") {
    unsigned long long v = readUnsignedLong();
    checkRange("Unsigned integer", v, minv, maxv, label(variableName), variableName);
    return v;
  }
  int readInteger(int minv, int maxv, const std::string& variableName = "") {
    int v = readInteger();
    checkRange("Integer", v, minv, maxv, label(variableName), variableName);
    return v;
  }
  int readInt(int minv, int maxv, const std::string& variableName = "") { return readInteger(minv, maxv, variableName); }

  std::vector<int> readInts(int size, int minv, int maxv, const std::string& variablesName = "", int indexBase = 1) {
    std::vector<int> out;
    for (int i = 0; i < size; ++i) {
      separate(i);
      int v = readInteger();
      checkRange("Integer", v, minv, maxv, element(variablesName, i + indexBase), variablesName);
      out.push_back(v);
    }
    return out;
  }
  std::vector<int> readInts(int size, int indexBase = 1) {
    (void)indexBase;
    std::vector<int> out;
    for (int i = 0; i < size; ++i) {
      separate(i);
      out.push_back(readInteger());
    }
    return out;
  }
  std::vector<int> readIntegers(int size, int minv, int maxv, const std::string& variablesName = "", int indexBase = 1) { return readInts(size, minv, maxv, variablesName, indexBase); }
  std::vector<int> readIntegers(int size, int indexBase = 1) { return readInts(size, indexBase); }

  std::vector<long long> readLongs(int size, long long minv, long long maxv, const std::string& variablesName = "", int indexBase = 1) {
    std::vector<long long> out;
    for (int i = 0; i < size; ++i) {
      separate(i);
      long long v = readLong();
      checkRange("Integer", v, minv, maxv, element(variablesName, i + indexBase), variablesName);
      out.push_back(v);
    }
    return out;
  }
  std::vector<long long> readLongs(int size, int indexBase = 1) {
    (void)indexBase;
    std::vector<long long> out;
    for (int i = 0; i < size; ++i) {
      separate(i);
      out.push_back(readLong());
    }
    return out;
  }

  // --- real numbers ------------------------------------------------------------------------

  double readReal() {
    std::string t = numberToken("double");
    double v;
    if (!oj_testlib::parseDouble(t, v)) quit(_pe, "Expected double, but \"" + oj_testlib::shorten(t) + "\" found");
    return v;
  }
  double readDouble() { return readReal(); }

  double readReal(double minv, double maxv, const std::string& variableName = "") {
    double v = readReal();
    checkRange("Double", v, minv, maxv, label(variableName), variableName);
    return v;
  }
  double readDouble(double minv, double maxv, const std::string& variableName = "") { return readReal(minv, maxv, variableName); }

  double readStrictReal(double minv, double maxv, int minAfterPointDigitCount, int maxAfterPointDigitCount, const std::string& variableName = "") {
    double v = strictReal(minAfterPointDigitCount, maxAfterPointDigitCount);
    checkRange("Strict double", v, minv, maxv, label(variableName), variableName);
    return v;
  }
  double readStrictDouble(double minv, double maxv, int minAfterPointDigitCount, int maxAfterPointDigitCount, const std::string& variableName = "") {
    return readStrictReal(minv, maxv, minAfterPointDigitCount, maxAfterPointDigitCount, variableName);
  }

  std::vector<double> readReals(int size, double minv, double maxv, const std::string& variablesName = "", int indexBase = 1) {
    std::vector<double> out;
    for (int i = 0; i < size; ++i) {
      separate(i);
      double v = readReal();
      checkRange("Double", v, minv, maxv, element(variablesName, i + indexBase), variablesName);
      out.push_back(v);
    }
    return out;
  }
  std::vector<double> readReals(int size, int indexBase = 1) {
    (void)indexBase;
    std::vector<double> out;
    for (int i = 0; i < size; ++i) {
      separate(i);
      out.push_back(readReal());
    }
    return out;
  }
  std::vector<double> readDoubles(int size, double minv, double maxv, const std::string& variablesName = "", int indexBase = 1) { return readReals(size, minv, maxv, variablesName, indexBase); }
  std::vector<double> readDoubles(int size, int indexBase = 1) { return readReals(size, indexBase); }
  std::vector<double> readStrictReals(int size, double minv, double maxv, int minAfter, int maxAfter, const std::string& variablesName = "", int indexBase = 1) {
    std::vector<double> out;
    for (int i = 0; i < size; ++i) {
      separate(i);
      double v = strictReal(minAfter, maxAfter);
      checkRange("Strict double", v, minv, maxv, element(variablesName, i + indexBase), variablesName);
      out.push_back(v);
    }
    return out;
  }
  std::vector<double> readStrictDoubles(int size, double minv, double maxv, int minAfter, int maxAfter, const std::string& variablesName = "", int indexBase = 1) {
    return readStrictReals(size, minv, maxv, minAfter, maxAfter, variablesName, indexBase);
  }

  // --- lines -------------------------------------------------------------------------------

  /** The rest of the line without its end ("\n" or "\r\n"), which is taken; "" at the end of the file. */
  void readLineTo(std::string& result) {
    result.clear();
    for (;;) {
      int c = curChar();
      if (c == EOF || c == '\n') break;
      if (c == '\r' && !strict) {
        nextChar();
        if (curChar() == '\n') {
          unreadChar('\r');
          break;
        }
        result += '\r';
        continue;
      }
      result += static_cast<char>(nextChar());
    }
    if (strict) readEoln();
    else eoln();
  }
  void readStringTo(std::string& result) { readLineTo(result); }

  std::string readLine() {
    std::string s;
    readLineTo(s);
    return s;
  }
  std::string readString() { return readLine(); }

  std::string readLine(const pattern& p, const std::string& variableName = "") {
    std::string s = readLine();
    noteVariable(variableName);
    checkPattern("Line", s, p, label(variableName));
    return s;
  }
  std::string readLine(const std::string& ptrn, const std::string& variableName = "") { return readLine(pattern(ptrn), variableName); }
  std::string readString(const pattern& p, const std::string& variableName = "") { return readLine(p, variableName); }
  std::string readString(const std::string& ptrn, const std::string& variableName = "") { return readLine(pattern(ptrn), variableName); }
  void readLineTo(std::string& result, const pattern& p, const std::string& variableName = "") { result = readLine(p, variableName); }
  void readLineTo(std::string& result, const std::string& ptrn, const std::string& variableName = "") { result = readLine(pattern(ptrn), variableName); }
  void readStringTo(std::string& result, const pattern& p, const std::string& variableName = "") { result = readLine(p, variableName); }
  void readStringTo(std::string& result, const std::string& ptrn, const std::string& variableName = "") { result = readLine(pattern(ptrn), variableName); }

  std::vector<std::string> readLines(int size, int indexBase = 1) {
    (void)indexBase;
    std::vector<std::string> out;
    for (int i = 0; i < size; ++i) out.push_back(readLine());
    return out;
  }
  std::vector<std::string> readLines(int size, const std::string& ptrn, const std::string& variablesName = "", int indexBase = 1) {
    pattern p(ptrn);
    std::vector<std::string> out;
    for (int i = 0; i < size; ++i) {
      std::string s = readLine();
      noteVariable(variablesName);
      checkPattern("Line", s, p, element(variablesName, i + indexBase));
      out.push_back(s);
    }
    return out;
  }
  std::vector<std::string> readStrings(int size, int indexBase = 1) { return readLines(size, indexBase); }
  std::vector<std::string> readStrings(int size, const std::string& ptrn, const std::string& variablesName = "", int indexBase = 1) { return readLines(size, ptrn, variablesName, indexBase); }

  // --- verdicts ----------------------------------------------------------------------------

  /** Ends the program with a verdict. A failure to read inf or ans is always a FAIL. */
  [[noreturn]] void quit(TResult result, const std::string& msg);
  [[noreturn]] void quit(TResult result, const char* msg) { quit(result, std::string(msg == NULL ? "" : msg)); }
  [[noreturn]] void quits(TResult result, const std::string& msg) { quit(result, msg); }
  [[noreturn]] void quitf(TResult result, const char* fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    std::string msg = oj_testlib::vformat(fmt, ap);
    va_end(ap);
    quit(result, msg);
  }
  void quitif(bool condition, TResult result, const char* fmt, ...) {
    if (!condition) return;
    va_list ap;
    va_start(ap, fmt);
    std::string msg = oj_testlib::vformat(fmt, ap);
    va_end(ap);
    quit(result, msg);
  }
  /** Wrong answer (a FAIL for inf and ans) unless the condition holds. */
  void ensuref(bool condition, const char* fmt, ...) {
    if (condition) return;
    va_list ap;
    va_start(ap, fmt);
    std::string msg = oj_testlib::vformat(fmt, ap);
    va_end(ap);
    quit(_wa, msg);
  }
  void __testlib_ensure(bool condition, const std::string& message) {
    if (!condition) quit(_wa, message);
  }

 private:
  std::FILE* file_;
  bool owns_;
  bool opened_;
  int line_;
  std::vector<int> back_;

  InStream(const InStream&);
  InStream& operator=(const InStream&);

  void readTokenOf(const char* what, std::string& result) {
    if (!strict) skipBlanks();
    int c = curChar();
    if (c == EOF) quit(_unexpected_eof, std::string("Unexpected end of file - ") + what + " expected");
    if (oj_testlib::isBlank(c)) quit(_pe, std::string("Unexpected white-space - ") + what + " expected");
    result.clear();
    while (c != EOF && !oj_testlib::isBlank(c)) {
      result += static_cast<char>(nextChar());
      c = curChar();
    }
  }

  std::string numberToken(const char* what) {
    std::string t;
    readTokenOf(what, t);
    return t;
  }

  double strictReal(int minAfter, int maxAfter) {
    std::string t = numberToken("strict double");
    double v;
    if (!oj_testlib::parseStrictDouble(t, minAfter, maxAfter, v)) {
      quit(_pe, "Expected strict double with " + vtos(minAfter) + " to " + vtos(maxAfter) + " digits after the point, but \"" + oj_testlib::shorten(t) + "\" found");
    }
    if (t[0] == '-' && !(v < 0)) quit(_pe, "Redundant minus in \"" + oj_testlib::shorten(t) + "\"");
    return v;
  }

  /** Strict streams want one space between the values of a vector. */
  void separate(int index) {
    if (strict && index > 0) readSpace();
  }

  static std::string label(const std::string& variableName) { return variableName.empty() ? std::string() : "parameter [name=" + variableName + "]"; }
  static std::string element(const std::string& variablesName, int index) { return "element " + variablesName + "[" + vtos(index) + "]"; }

  template <typename T>
  static std::string bound(T v, std::true_type) { return toHumanReadableString(v); }
  template <typename T>
  static std::string bound(T v, std::false_type) { return vtos(v); }

  /** A validator notes, per named variable, whether its bounds were reached (test overview log). */
  template <typename T>
  void noteBounds(const std::string& name, T v, T lo, T hi) {
    oj_testlib::ValidatorLog& log = oj_testlib::validatorLog();
    if (!log.active || mode != _input || name.empty()) return;
    log.variables.insert(name);
    // "~n" ignores the lower bound, "n~" the upper one, "~~" is the name "~".
    bool ignoreMin = name != "~~" && name.size() >= 2 && name[0] == '~';
    bool ignoreMax = name != "~~" && name.size() >= 2 && name[name.size() - 1] == '~';
    std::string key = name == "~~" ? "~" : name.substr(ignoreMin ? 1 : 0, name.size() - (ignoreMin ? 1 : 0) - (ignoreMax ? 1 : 0));
    if (key.empty()) return;
    bool fresh = log.bounds.count(key) == 0;
    oj_testlib::ValidatorLog::Bounds& b = log.bounds[key];
    std::string loText = bound(lo, std::integral_constant<bool, std::numeric_limits<T>::is_integer>());
    std::string hiText = bound(hi, std::integral_constant<bool, std::numeric_limits<T>::is_integer>());
    if (fresh) {
      b.lo = loText;
      b.hi = hiText;
    }
    if (b.lo != loText) b.constMin = false;
    if (b.hi != hiText) b.constMax = false;
    if (!ignoreMin && v == lo) b.minHit = true;
    if (!ignoreMax && v == hi) b.maxHit = true;
  }

  void noteVariable(const std::string& name) {
    if (oj_testlib::validatorLog().active && mode == _input && !name.empty()) oj_testlib::validatorLog().variables.insert(name);
  }

  template <typename T>
  void checkRange(const std::string& kind, T v, T lo, T hi, const std::string& what, const std::string& name = "") {
    noteBounds(name, v, lo, hi);
    if (!(v < lo) && !(hi < v)) return;
    const std::integral_constant<bool, std::numeric_limits<T>::is_integer> integral;
    std::string range = "[" + bound(lo, integral) + ", " + bound(hi, integral) + "]";
    if (what.empty()) quit(_wa, kind + " " + vtos(v) + " violates the range " + range);
    quit(_wa, kind + " " + what + " equals to " + vtos(v) + ", violates the range " + range);
  }

  void checkPattern(const std::string& kind, const std::string& s, const pattern& p, const std::string& what) {
    if (p.matches(s)) return;
    std::string value = "\"" + oj_testlib::shorten(s) + "\"";
    if (what.empty()) quit(_wa, kind + " " + value + " doesn't correspond to pattern \"" + p.src() + "\"");
    quit(_wa, kind + " " + what + " equals to " + value + ", doesn't correspond to pattern \"" + p.src() + "\"");
  }
};

// ---------------------------------------------------------------------------------------------
// Globals

InStream inf(_input);
InStream ouf(_output);
InStream ans(_answer);
std::fstream tout;
random_t rnd;
TTestlibMode testlibMode = _unknown;

namespace oj_testlib {

[[noreturn]] inline void failNow(const std::string& message) {
  std::cout.flush();
  std::fflush(stdout);
  if (!writeVerdict("FAIL " + message, "fail", "")) std::fputs(("FAIL " + message).c_str(), stderr);
  std::fflush(stderr);
  std::_Exit(FAIL_EXIT_CODE);
}

/**
 * Checks, when the program ends, that a checker gave a verdict, a validator read to the end, and
 * every option was read once has_opt or opt(key, default) asked for that.
 */
struct FinalizeGuard {
  ~FinalizeGuard() {
    const State& st = state();
    if (st.quitCalled) return;
    if (testlibMode == _checker) failNow("Checker must end with quit or quitf call.");
    if (testlibMode == _validator && !st.readEofCalled) failNow("Validator must end with readEof call.");
    if (optsState().checkUnused && !optsState().suppressed && !unusedOptMessage().empty()) failNow(unusedOptMessage());
    if (testlibMode == _validator) writeOverview(true);
  }
};

FinalizeGuard finalizeGuard;

}  // namespace oj_testlib

inline void InStream::quit(TResult result, const std::string& msg) {
  std::string message = trim(msg);
  if (message.size() > maxMessageLength) message = message.substr(0, maxMessageLength) + "...";
#ifndef ENABLE_UNEXPECTED_EOF
  if (result == _unexpected_eof) result = _pe;
#endif
  if (mode != _output && result != _fail) {
    message += (message.empty() ? "(" : " (") + name + ")";
    result = _fail;
  }
  oj_testlib::State& st = oj_testlib::state();
  if (st.hasTestCase && result != _ok) message += (message.empty() ? "(test case " : " (test case ") + vtos(st.testCase) + ")";

  // The user's output must hold nothing more than what was read.
  bool success = result == _ok || result == _points || result >= _partially;
  if (success && testlibMode == _checker && this != &ouf && ouf.opened() && !ouf.seekEof()) ouf.quit(_dirt, "Extra information in the output file");
  if (success && testlibMode == _checker && this == &ouf && opened() && !seekEof()) {
    result = _dirt;
    message = "Extra information in the output file";
  }

  std::string word, outcome, attrs;
  int code;
  switch (result) {
    case _ok: word = "ok"; outcome = "accepted"; code = OK_EXIT_CODE; break;
    case _wa: word = "wrong answer"; outcome = "wrong-answer"; code = WA_EXIT_CODE; break;
    case _pe: word = "wrong output format"; outcome = "presentation-error"; code = PE_EXIT_CODE; break;
    case _dirt: word = "wrong output format"; outcome = "presentation-error"; code = PE_EXIT_CODE; break;
    case _fail: word = "FAIL"; outcome = "fail"; code = FAIL_EXIT_CODE; break;
    case _points: {
      word = "points";
      outcome = "points";
      code = POINTS_EXIT_CODE;
      std::string first = message.substr(0, message.find(' '));
      attrs = " points = \"" + oj_testlib::xmlEscape(first) + "\"";
      break;
    }
    case _unexpected_eof: word = "unexpected eof"; outcome = "unexpected-eof"; code = UNEXPECTED_EOF_EXIT_CODE; break;
    default: {
      int n = static_cast<int>(result) - static_cast<int>(_partially);
      if (result < _partially || n > 100) oj_testlib::failNow("Unknown verdict " + vtos(static_cast<int>(result)) + " (partially correct takes 0..100): " + message);
      word = "partially correct (" + vtos(n) + ")";
      outcome = "relative";
      attrs = " pctype = \"" + vtos(n) + "\"";
      code = PC_BASE_EXIT_CODE + n;
      break;
    }
  }

  st.quitCalled = true;
  if (testlibMode == _validator) oj_testlib::writeOverview(result == _ok);
  std::string text = message.empty() ? word : word + " " + message;
  std::cout.flush();
  std::fflush(stdout);
  if (tout.is_open()) tout.flush();
  if (!oj_testlib::writeVerdict(text, outcome, attrs)) oj_testlib::failNow("Can not write to the result file \"" + st.resultName + "\"");
  std::exit(code);
}

inline void random_t::fail(const std::string& why) { ouf.quit(_fail, why); }

// ---------------------------------------------------------------------------------------------
// Verdicts

[[noreturn]] inline void quit(TResult result, const std::string& msg) { ouf.quit(result, msg); }
[[noreturn]] inline void quit(TResult result, const char* msg) { ouf.quit(result, msg); }
[[noreturn]] inline void quits(TResult result, const std::string& msg) { ouf.quit(result, msg); }

[[noreturn]] inline void quitf(TResult result, const char* fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  std::string msg = oj_testlib::vformat(fmt, ap);
  va_end(ap);
  ouf.quit(result, msg);
}

inline void quitif(bool condition, TResult result, const char* fmt, ...) {
  if (!condition) return;
  va_list ap;
  va_start(ap, fmt);
  std::string msg = oj_testlib::vformat(fmt, ap);
  va_end(ap);
  ouf.quit(result, msg);
}

/** Points: "points <value> <message>", exit code 7. This judge reads the value as a percentage of the case. */
template <typename F>
[[noreturn]] void quitp(F points, const std::string& message = "") {
  std::string value = oj_testlib::plainDouble(static_cast<double>(points));
  ouf.quit(_points, message.empty() ? value : value + " " + message);
}

template <typename F>
[[noreturn]] void quitp(F points, const char* fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  std::string msg = oj_testlib::vformat(fmt, ap);
  va_end(ap);
  quitp(points, msg);
}

/** Points given as text ("points <info> <message>", exit code 7), as testlib's quitpi. */
[[noreturn]] inline void quitpi(const std::string& pointsInfo, const char* fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  std::string msg = oj_testlib::vformat(fmt, ap);
  va_end(ap);
  if (pointsInfo.empty()) ouf.quit(_fail, "Points info is empty");
  ouf.quit(_points, msg.empty() ? pointsInfo : pointsInfo + " " + msg);
}
[[noreturn]] inline void quitpi(const std::string& pointsInfo) { quitpi(pointsInfo, "%s", ""); }

// Console colours of quitscr (no colour is written: the judge reads plain text).
typedef unsigned short WORD;
const WORD LightGray = 0x07;
const WORD LightRed = 0x0c;
const WORD LightCyan = 0x0b;
const WORD LightGreen = 0x0a;
const WORD LightYellow = 0x0e;

/** A message on stderr, unless the verdict goes to a result file; it does not end the program. */
inline void quitscrS(WORD color, const std::string& msg) {
  (void)color;
  if (!oj_testlib::state().resultName.empty()) return;
  std::fputs(msg.c_str(), stderr);
  std::fflush(stderr);
}
inline void quitscr(WORD color, const char* fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  std::string msg = oj_testlib::vformat(fmt, ap);
  va_end(ap);
  quitscrS(color, msg);
}

/** Strict integers from text, reported on the stream they came from (wrong output format on ouf). */
inline long long stringToLongLong(InStream& in, const std::string& s) {
  long long v;
  if (!oj_testlib::parseSigned(s, v)) in.quit(_pe, "Expected integer, but \"" + oj_testlib::shorten(s) + "\" found");
  return v;
}
inline long long stringToLongLong(InStream& in, const char* s) { return stringToLongLong(in, std::string(s == NULL ? "" : s)); }
inline unsigned long long stringToUnsignedLongLong(InStream& in, const std::string& s) {
  unsigned long long v;
  if (!oj_testlib::parseUnsigned(s, v)) in.quit(_pe, "Expected integer, but \"" + oj_testlib::shorten(s) + "\" found");
  return v;
}
inline unsigned long long stringToUnsignedLongLong(InStream& in, const char* s) { return stringToUnsignedLongLong(in, std::string(s == NULL ? "" : s)); }
inline double stringToDouble(InStream& in, const std::string& s) {
  double v;
  if (!oj_testlib::parseDouble(s, v)) in.quit(_pe, "Expected double, but \"" + oj_testlib::shorten(s) + "\" found");
  return v;
}
inline double stringToDouble(InStream& in, const char* s) { return stringToDouble(in, std::string(s == NULL ? "" : s)); }
inline double stringToStrictDouble(InStream& in, const std::string& s, int minAfterPointDigitCount, int maxAfterPointDigitCount) {
  double v;
  if (!oj_testlib::parseStrictDouble(s, minAfterPointDigitCount, maxAfterPointDigitCount, v)) in.quit(_pe, "Expected strict double, but \"" + oj_testlib::shorten(s) + "\" found");
  return v;
}
inline double stringToStrictDouble(InStream& in, const char* s, int minAfterPointDigitCount, int maxAfterPointDigitCount) {
  return stringToStrictDouble(in, std::string(s == NULL ? "" : s), minAfterPointDigitCount, maxAfterPointDigitCount);
}

[[noreturn]] inline void __testlib_fail(const std::string& message) { ouf.quit(_fail, message); }

inline void __testlib_ensure(bool condition, const std::string& message) {
  if (!condition) ouf.quit(_fail, message);
}

/** FAIL unless the condition holds: for checking the input, the answer and the checker itself. */
inline void ensuref(bool condition, const char* fmt, ...) {
  if (condition) return;
  va_list ap;
  va_start(ap, fmt);
  std::string msg = oj_testlib::vformat(fmt, ap);
  va_end(ap);
  ouf.quit(_fail, msg);
}

#define ensure(cond) ::__testlib_ensure((cond), "Condition failed: \"" #cond "\"")

inline void setName(const char* fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  oj_testlib::state().checkerName = oj_testlib::vformat(fmt, ap);
  va_end(ap);
}

/** Messages other than ok name the test case (for problems with several cases in one file). */
inline void setTestCase(int testCase) {
  oj_testlib::state().hasTestCase = true;
  oj_testlib::state().testCase = testCase;
}

inline void unsetTestCase() { oj_testlib::state().hasTestCase = false; }

// ---------------------------------------------------------------------------------------------
// Registration

namespace oj_testlib {

inline bool isHelp(int argc, char* argv[]) { return argc == 2 && (std::strcmp(argv[1], "--help") == 0 || std::strcmp(argv[1], "-h") == 0); }

inline void resultFileArgs(int argc, char* argv[], int first) {
  State& st = state();
  if (argc > first) st.resultName = argv[first];
  if (argc > first + 1) {
    std::string flag = argv[first + 1];
    if (flag != "-appes" && flag != "-APPES") failNow("Unknown flag \"" + flag + "\"");
    st.appes = true;
  }
}

}  // namespace oj_testlib

/** A checker: checker <input> <output> <answer> [<result-file> [-appes]]. */
inline void registerTestlibCmd(int argc, char* argv[]) {
  testlibMode = _checker;
  if (oj_testlib::isHelp(argc, argv)) {
    std::printf("%s\nUsage: checker <input-file> <output-file> <answer-file> [<report-file> [<-appes>]]\n", oj_testlib::state().checkerName.c_str());
    std::exit(0);
  }
  if (argc < 4 || argc > 6) {
    oj_testlib::failNow("Program must be run with the following arguments: <input-file> <output-file> <answer-file> [<report-file> [<-appes>]]");
  }
  oj_testlib::resultFileArgs(argc, argv, 4);
  inf.init(argv[1], _input);
  ans.init(argv[3], _answer);
  ouf.init(argv[2], _output);
}

/** An interactor: interactor <input> <output-for-log> [<answer> [<result-file> [-appes]]]. */
inline void registerInteraction(int argc, char* argv[]) {
  testlibMode = _interactor;
#ifdef SIGPIPE
  // A program that has finished or died closes its input; writing to it must not kill the
  // interactor, which then reads the end of the program's output and decides.
  std::signal(SIGPIPE, SIG_IGN);
#endif
  if (oj_testlib::isHelp(argc, argv)) {
    std::printf("Usage: interactor <input-file> <output-file> [<answer-file> [<report-file> [<-appes>]]]\n");
    std::exit(0);
  }
  if (argc < 3 || argc > 6) {
    oj_testlib::failNow("Program must be run with the following arguments: <input-file> <output-file> [<answer-file> [<report-file> [<-appes>]]]");
  }
  oj_testlib::resultFileArgs(argc, argv, 4);
  inf.init(argv[1], _input);
  tout.open(argv[2], std::ios_base::out | std::ios_base::trunc);
  if (!tout.is_open()) oj_testlib::failNow(std::string("Can not write to the test-output-file \"") + argv[2] + "\"");
  ouf.init(stdin, _output);
  if (argc > 3) ans.init(argv[3], _answer);
  else ans.name = "unopened answer stream";
}

/** What a validator knows of the test it checks (from its command line) and what it reports. */
class Validator {
 public:
  std::string testset() const { return oj_testlib::validatorLog().testset; }
  std::string group() const { return oj_testlib::validatorLog().group; }
  std::string testOverviewLogFileName() const { return oj_testlib::validatorLog().overviewFile; }
  std::string testMarkupFileName() const { return oj_testlib::validatorLog().markupFile; }
  std::string testCaseFileName() const { return oj_testlib::validatorLog().testCaseFile; }
  int testCase() const { return oj_testlib::validatorLog().testCase; }
  void setTestset(const char* name) { oj_testlib::validatorLog().testset = name; }
  void setGroup(const char* name) { oj_testlib::validatorLog().group = name; }
  void setTestOverviewLogFileName(const char* name) { oj_testlib::validatorLog().overviewFile = name; }
  void setTestMarkupFileName(const char* name) { oj_testlib::validatorLog().markupFile = name; }
  void setTestCaseFileName(const char* name) { oj_testlib::validatorLog().testCaseFile = name; }
  /** Messages name the test case, as setTestCase does. */
  void setTestCase(int testCase) {
    oj_testlib::validatorLog().testCase = testCase;
    oj_testlib::validatorLog().hasTestCase = true;
    ::setTestCase(testCase);
  }
  /** Declares a feature the tests should cover; the overview log tells whether this test hits it. */
  void addFeature(const std::string& feature) {
    if (oj_testlib::validatorLog().features.count(feature)) ouf.quit(_fail, "Feature " + feature + " registered twice.");
    oj_testlib::validatorLog().features.insert(feature);
  }
  void feature(const std::string& feature) {
    if (!oj_testlib::validatorLog().features.count(feature)) ouf.quit(_fail, "Feature " + feature + " didn't registered via addFeature(feature).");
    oj_testlib::validatorLog().hitFeatures.insert(feature);
  }
};

Validator validator;

/** A validator: reads stdin strictly (every space and line end is read explicitly). */
inline void registerValidation() {
  testlibMode = _validator;
  oj_testlib::validatorLog().active = true;
  inf.init(stdin, _input);
  inf.strict = true;
}

/** Also reads --testset, --group, --testOverviewLogFileName, --testMarkupFileName, --testCase and --testCaseFileName (`--name value` or `--name=value`). */
inline void registerValidation(int argc, char* argv[]) {
  registerValidation();
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg.compare(0, 2, "--") != 0) continue;
    std::string name = arg.substr(2), value;
    size_t eq = name.find('=');
    if (eq != std::string::npos) {
      value = name.substr(eq + 1);
      name = name.substr(0, eq);
    } else if (i + 1 < argc) {
      value = argv[++i];
    } else {
      ouf.quit(_fail, "Validator option --" + name + " needs a value");
    }
    if (name == "testset") validator.setTestset(value.c_str());
    else if (name == "group") validator.setGroup(value.c_str());
    else if (name == "testOverviewLogFileName") validator.setTestOverviewLogFileName(value.c_str());
    else if (name == "testMarkupFileName") validator.setTestMarkupFileName(value.c_str());
    else if (name == "testCaseFileName") validator.setTestCaseFileName(value.c_str());
    else if (name == "testCase") {
      long long n;
      if (!oj_testlib::parseSigned(value, n) || n < 0 || n > INT_MAX) ouf.quit(_fail, "Argument testCase should be a non-negative integer, but \"" + value + "\" found");
      validator.setTestCase(static_cast<int>(n));
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Generators: registerGen, command-line options (opt, has_opt), println, shuffle, startTest

namespace oj_testlib {

/** 1 for "-key...", 2 for "--key...", 0 for anything else (a value, "-5", "-"): a key starts with a letter. */
inline size_t optDashes(const char* s) {
  if (s == NULL || std::strlen(s) <= 1 || s[0] != '-') return 0;
  if (std::isalpha(static_cast<unsigned char>(s[1]))) return 1;
  if (s[1] == '-' && std::isalpha(static_cast<unsigned char>(s[2]))) return 2;
  return 0;
}

[[noreturn]] inline void optFail(const std::string& message) { ouf.quit(_fail, "Opts: " + message); }

inline long double optToLongDouble(const std::string& raw);

template <typename T>
T optToIntegral(const std::string& raw, bool nonnegative);

/** A number in exponential notation written out in plain digits: "1e5" is "100000", "25e-1" is "2.5". */
inline std::string optExpanded(const std::string& s) {
  size_t e = std::string::npos;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] != 'e' && s[i] != 'E') continue;
    if (e != std::string::npos) optFail("expected typical exponential notation but '" + shorten(s) + "' found");
    e = i;
  }
  if (e == std::string::npos) return s;
  std::string power = s.substr(e + 1);
  if (!power.empty() && power[0] == '+') power = power.substr(1);
  if (power.empty() || power.size() > 20) optFail("expected typical exponential notation but '" + shorten(s) + "' found");
  int shift = optToIntegral<int>(power, false);
  std::string num = s.substr(0, e);
  if (num.size() > 20) optFail("expected typical exponential notation but '" + shorten(s) + "' found");
  if (!num.empty() && num[0] == '+') num = num.substr(1);
  optToLongDouble(num);
  bool minus = !num.empty() && num[0] == '-';
  if (minus) num = num.substr(1);
  for (int i = 0; i < shift; ++i) {
    size_t point = num.find('.');
    if (point == std::string::npos) num += '0';
    else if (point + 1 == num.size()) num[point] = '0';
    else std::swap(num[point], num[point + 1]);
  }
  for (int i = 0; i < -shift; ++i) {
    size_t point = num.find('.');
    if (point == std::string::npos) num.insert(num.size() - 1, 1, '.');
    else if (point == 0) num.insert(1, 1, '0');
    else std::swap(num[point - 1], num[point]);
  }
  while (!num.empty() && num[0] == '0') num = num.substr(1);
  while (num.find('.') != std::string::npos && num[num.size() - 1] == '0') num = num.substr(0, num.size() - 1);
  if (!num.empty() && num[num.size() - 1] == '.') num = num.substr(0, num.size() - 1);
  if (num.empty() || num[0] == '.') num.insert(0, 1, '0');
  return (minus ? "-" : "") + num;
}

/** Digits (after an optional '-') read into T; past T's range is an overflow, below zero for unsigned T an error. */
template <typename T>
T optToIntegral(const std::string& raw, bool nonnegative) {
  std::string s = optExpanded(raw);
  if (s.empty()) optFail("expected integer but '" + shorten(raw) + "' found");
  size_t pos = 0;
  bool minus = false;
  if (s[0] == '-') {
    if (nonnegative) optFail("expected non-negative integer but '" + shorten(raw) + "' found");
    minus = true;
    pos = 1;
  }
  // Accumulated modulo 2^64 and compared with the exact value afterwards: a wrapped value differs.
  unsigned long long bits = 0;
  long double about = 0;
  for (size_t i = pos; i < s.size(); ++i) {
    if (s[i] < '0' || s[i] > '9') optFail("expected integer but '" + shorten(raw) + "' found");
    bits = bits * 10 + static_cast<unsigned long long>(s[i] - '0');
    about = about * 10 + (s[i] - '0');
  }
  if (minus) {
    bits = 0 - bits;
    about = -about;
  }
  T value = static_cast<T>(bits);
  if (std::fabs(static_cast<long double>(value) - about) > 0.1L) optFail("integer overflow: expected integer but '" + shorten(raw) + "' found");
  return value;
}

/** [-]digits[.digits], also in exponential notation, summed digit by digit as a long double. */
inline long double optToLongDouble(const std::string& raw) {
  std::string s = optExpanded(raw);
  if (s.empty()) optFail("expected float number but '" + shorten(raw) + "' found");
  long double value = 0.0L, scale = 1.0L;
  size_t pos = 0;
  bool minus = s[0] == '-', point = false;
  if (minus) pos = 1;
  for (size_t i = pos; i < s.size(); ++i) {
    if (s[i] == '.') {
      if (point) optFail("expected float number but '" + shorten(raw) + "' found");
      point = true;
      continue;
    }
    if (point) scale *= 10.0L;
    if (s[i] < '0' || s[i] > '9') optFail("expected float number but '" + shorten(raw) + "' found");
    if (point) value += (s[i] - '0') / scale;
    else value = value * 10 + (s[i] - '0');
  }
  return minus ? -value : value;
}

inline const std::string& optByIndex(int index) {
  const std::vector<std::string>& args = optsState().argv;
  if (index < 0 || index >= static_cast<int>(args.size()))
    optFail("index '" + vtos(index) + "' is out of range [0," + vtos(args.size()) + ")");
  return args[static_cast<size_t>(index)];
}

inline std::string optByKey(const std::string& key) {
  std::map<std::string, std::pair<std::string, bool> >& values = optsState().values;
  std::map<std::string, std::pair<std::string, bool> >::iterator it = values.find(key);
  if (it == values.end()) optFail("unknown key '" + shorten(key) + "'");
  it->second.second = true;
  return it->second.first;
}

template <typename T, bool Integral = std::is_integral<T>::value, bool Floating = std::is_floating_point<T>::value>
struct OptValue {
  // Anything else is text: std::string.
  static T from(const std::string& text) { return T(text); }
};
template <typename T>
struct OptValue<T, true, false> {
  static T from(const std::string& text) { return optToIntegral<T>(text, std::is_unsigned<T>::value); }
};
template <typename T>
struct OptValue<T, false, true> {
  static T from(const std::string& text) { return static_cast<T>(optToLongDouble(text)); }
};

inline bool optBool(const std::string& text, const std::string& what) {
  if (text == "true" || text == "1") return true;
  if (text == "false" || text == "0") return false;
  optFail(what + ": expected bool true/false or 0/1 but '" + shorten(text) + "' found");
}

template <typename T>
struct OptGet {
  static T byKey(const std::string& key) { return OptValue<T>::from(optByKey(key)); }
  static T byIndex(int index) { return OptValue<T>::from(optByIndex(index)); }
};

}  // namespace oj_testlib

/**
 * Reads the command line into options: "-key=value" and "--key=value"; "-key value" when the next
 * argument is not a key itself; "-n5" (one letter, then a digit) when it is; a lone "-flag" is
 * "true". A key starts with a letter, so "-5" is a value. registerGen calls it.
 */
inline void prepareOpts(int argc, char* argv[]) {
  if (argc <= 0) ouf.quit(_fail, "Opts: expected argc>=0 but found " + vtos(argc));
  oj_testlib::OptsState& st = oj_testlib::optsState();
  st.values.clear();
  st.argv.assign(argv, argv + argc);
  for (int i = 1; i < argc;) {
    size_t dashes = oj_testlib::optDashes(argv[i]);
    if (dashes == 0) {
      ++i;
      continue;
    }
    std::string key = argv[i] + dashes, value;
    size_t eq = key.find('=');
    int used = 1;
    if (eq != std::string::npos) {
      value = key.substr(eq + 1);
      key = key.substr(0, eq);
    } else if (i + 1 < argc && oj_testlib::optDashes(argv[i + 1]) == 0) {
      value = argv[i + 1];
      used = 2;
    } else if (key.size() > 1 && std::isdigit(static_cast<unsigned char>(key[1]))) {
      value = key.substr(1);
      key = key.substr(0, 1);
    } else {
      value = "true";
    }
    st.values[key] = std::make_pair(value, false);
    i += used;
  }
}

/** Whether the option was given. Calling it makes unread options an error at the end (see suppressEnsureNoUnusedOpts). */
inline bool has_opt(const std::string& key) {
  oj_testlib::optsState().checkUnused = true;
  return oj_testlib::optsState().values.count(key) != 0;
}

/** The option's value as T: an integer type, a floating type, std::string, or bool (true/false or 1/0). */
template <typename T>
T opt(const std::string& key) {
  return oj_testlib::OptGet<T>::byKey(key);
}
/** The command line's argument at index (0 is the program) as T. */
template <typename T>
T opt(int index) {
  return oj_testlib::OptGet<T>::byIndex(index);
}
inline std::string opt(const std::string& key) { return opt<std::string>(key); }
inline std::string opt(int index) { return opt<std::string>(index); }

namespace oj_testlib {
template <>
struct OptGet<bool> {
  // A bool option that was not given is false.
  static bool byKey(const std::string& key) {
    if (!has_opt(key)) return false;
    return optBool(optByKey(key), "key '" + shorten(key) + "'");
  }
  static bool byIndex(int index) { return optBool(optByIndex(index), "opt by index '" + vtos(index) + "'"); }
};
}  // namespace oj_testlib

/** The option's value, or defaultValue when it was not given (which turns on the unread-options check). */
template <typename T>
T opt(const std::string& key, const T& defaultValue) {
  if (!has_opt(key)) return defaultValue;
  return opt<T>(key);
}
template <typename T>
T opt(int index, const T& defaultValue) {
  if (index >= static_cast<int>(oj_testlib::optsState().argv.size())) return defaultValue;
  return opt<T>(index);
}
inline std::string opt(const std::string& key, const std::string& defaultValue) { return opt<std::string>(key, defaultValue); }
inline std::string opt(int index, const std::string& defaultValue) { return opt<std::string>(index, defaultValue); }

/** FAIL "Opts: unused key '...'" when an option was given but never read. */
inline void ensureNoUnusedOpts() {
  std::string message = oj_testlib::unusedOptMessage();
  if (!message.empty()) ouf.quit(_fail, message);
}

inline void suppressEnsureNoUnusedOpts() { oj_testlib::optsState().suppressed = true; }

/**
 * A generator: rnd is seeded from the whole command line, options included, so the same arguments
 * give the same test; version 1 is the generator of testlib 0.8.7 and later, 0 the one before.
 */
inline void registerGen(int argc, char* argv[], int randomGeneratorVersion) {
  if (randomGeneratorVersion < 0 || randomGeneratorVersion > 1) quitf(_fail, "Random generator version is expected to be 0 or 1.");
  random_t::version = randomGeneratorVersion;
  testlibMode = _generator;
  rnd.setSeed(argc, argv);
  prepareOpts(argc, argv);
}

/** Without a version: version 0, as in testlib, with a note on stderr. */
inline void registerGen(int argc, char* argv[]) {
  std::fputs("registerGen(argc, argv) draws as random generator version 0; write registerGen(argc, argv, 1) for the current one.\n", stderr);
  registerGen(argc, argv, 0);
}

/** Shuffles [first, last): element i, going up from the second, swaps with a random one of 0..i. */
template <typename It>
void shuffle(It first, It last) {
  rnd.shuffle(first, last);
}

/** A multi-test generator writes test n to the file named n. */
inline void startTest(int test) {
  std::string name = vtos(test);
  std::cout.flush();
  if (std::freopen(name.c_str(), "wt", stdout) == NULL) ouf.quit(_fail, "Unable to write file '" + name + "'");
}

namespace oj_testlib {

template <typename T, typename = void>
struct IsIterable : std::false_type {};
template <typename T>
struct IsIterable<T, decltype(static_cast<void>(std::declval<const T&>().begin()), static_cast<void>(std::declval<const T&>().end()))> : std::true_type {};

template <typename T, typename = void>
struct IsIterator : std::false_type {};
template <typename T>
struct IsIterator<T, decltype(static_cast<void>(std::declval<typename std::iterator_traits<T>::iterator_category>()))> : std::true_type {};
// Two C strings are two values, not a range.
template <>
struct IsIterator<const char*, void> : std::false_type {};
template <>
struct IsIterator<char*, void> : std::false_type {};

template <typename T>
typename std::enable_if<!IsIterable<T>::value>::type printOne(const T& t) {
  std::cout << t;
}
template <typename T>
typename std::enable_if<IsIterable<T>::value>::type printOne(const T& t) {
  bool first = true;
  for (typename T::const_iterator i = t.begin(); i != t.end(); ++i) {
    if (!first) std::cout << " ";
    first = false;
    std::cout << *i;
  }
}
inline void printOne(const std::string& s) { std::cout << s; }

inline void printRest() {}
template <typename T, typename... Rest>
void printRest(const T& t, const Rest&... rest) {
  std::cout << " ";
  printOne(t);
  printRest(rest...);
}

}  // namespace oj_testlib

/** The values separated by spaces, then a line end; a container prints its elements so. */
template <typename T>
void println(const T& x) {
  oj_testlib::printOne(x);
  std::cout << std::endl;
}
/** Two values, or the elements of the range [a, b) when they are iterators. */
template <typename A, typename B>
typename std::enable_if<!oj_testlib::IsIterator<B>::value>::type println(const A& a, const B& b) {
  oj_testlib::printOne(a);
  std::cout << " ";
  oj_testlib::printOne(b);
  std::cout << std::endl;
}
template <typename A, typename B>
typename std::enable_if<oj_testlib::IsIterator<B>::value>::type println(const A& a, const B& b) {
  bool first = true;
  for (B i = B(a); i != b; ++i) {
    if (!first) std::cout << " ";
    first = false;
    oj_testlib::printOne(*i);
  }
  std::cout << std::endl;
}
template <typename A, typename B, typename C, typename... Rest>
void println(const A& a, const B& b, const C& c, const Rest&... rest) {
  oj_testlib::printOne(a);
  oj_testlib::printRest(b, c, rest...);
  std::cout << std::endl;
}


// ---------------------------------------------------------------------------------------------
// Pattern parsing (for matching)

inline void pattern::init() {
  groups_.clear();
  groups_.push_back(Group());
  size_t i = 0;
  Group top;
  top.push_back(parseSequence(i, 0));
  while (i < source_.size() && source_[i] == '|') {
    ++i;
    top.push_back(parseSequence(i, 0));
  }
  if (i < source_.size()) invalid("unexpected ')'");
  groups_[0] = top;
}

inline void pattern::invalid(const std::string& why) const { ouf.quit(_fail, "Invalid pattern \"" + source_ + "\": " + why); }

inline int pattern::parseAlternatives(size_t& i, int depth) {
  if (depth > 100) invalid("groups nested too deeply");
  Group g;
  g.push_back(parseSequence(i, depth));
  while (i < source_.size() && source_[i] == '|') {
    ++i;
    g.push_back(parseSequence(i, depth));
  }
  groups_.push_back(g);
  return static_cast<int>(groups_.size() - 1);
}

inline int pattern::parseNumber(size_t& i) const {
  if (i >= source_.size() || !oj_testlib::isDigit(source_[i])) invalid("a number expected in {}");
  long v = 0;
  while (i < source_.size() && oj_testlib::isDigit(source_[i])) {
    v = v * 10 + (source_[i] - '0');
    if (v > 100000000) invalid("repetition count too large");
    ++i;
  }
  return static_cast<int>(v);
}

inline pattern::Seq pattern::parseSequence(size_t& i, int depth) {
  Seq seq;
  const std::string& s = source_;
  while (i < s.size() && s[i] != '|' && s[i] != ')') {
    Node node;
    char c = s[i];
    if (c == '(') {
      ++i;
      node.group = parseAlternatives(i, depth + 1);
      if (i >= s.size() || s[i] != ')') invalid("missing ')'");
      ++i;
    } else if (c == '[') {
      ++i;
      bool negate = false;
      if (i < s.size() && s[i] == '^') {
        negate = true;
        ++i;
      }
      std::vector<char> chars(256, 0);
      bool any = false;
      while (i < s.size() && s[i] != ']') {
        unsigned char from = static_cast<unsigned char>(s[i]);
        if (s[i] == '\\') {
          if (++i >= s.size()) invalid("'\\' at the end");
          from = static_cast<unsigned char>(s[i]);
        }
        ++i;
        unsigned char to = from;
        if (i + 1 < s.size() && s[i] == '-' && s[i + 1] != ']') {
          ++i;
          if (s[i] == '\\') {
            if (++i >= s.size()) invalid("'\\' at the end");
          }
          to = static_cast<unsigned char>(s[i]);
          ++i;
          if (to < from) invalid("a range goes backwards");
        }
        for (unsigned v = from; v <= to; ++v) chars[v] = 1;
        any = true;
      }
      if (i >= s.size()) invalid("missing ']'");
      ++i;
      if (!any) invalid("an empty character class");
      if (negate) {
        for (size_t v = 0; v < 256; ++v) chars[v] = static_cast<char>(!chars[v]);
      }
      node.chars = chars;
    } else if (c == '?' || c == '*' || c == '+' || c == '{') {
      invalid(std::string("nothing to repeat before '") + c + "'");
    } else {
      if (c == '\\') {
        if (++i >= s.size()) invalid("'\\' at the end");
        c = s[i];
      }
      node.chars[static_cast<unsigned char>(c)] = 1;
      ++i;
    }
    if (i < s.size()) {
      char q = s[i];
      if (q == '?') {
        node.lo = 0, node.hi = 1, ++i;
      } else if (q == '*') {
        node.lo = 0, node.hi = -1, ++i;
      } else if (q == '+') {
        node.lo = 1, node.hi = -1, ++i;
      } else if (q == '{') {
        ++i;
        node.lo = parseNumber(i);
        node.hi = node.lo;
        if (i < s.size() && s[i] == ',') {
          ++i;
          node.hi = i < s.size() && s[i] == '}' ? -1 : parseNumber(i);
        }
        if (i >= s.size() || s[i] != '}') invalid("missing '}'");
        ++i;
        if (node.hi >= 0 && node.hi < node.lo) invalid("{n,m} with m < n");
      }
    }
    seq.push_back(node);
  }
  return seq;
}

// ---------------------------------------------------------------------------------------------
// Patterns as rnd.next(pattern) reads them: testlib's own reading, which is not that of the
// matcher above, because the string a generator writes depends on it.
//
// Unescaped blanks are dropped. A pattern is: alternatives split at the '|' outside parentheses;
// or, without any, one group "( ... )" spanning the whole of it; or else its first item (a
// character, \x, or a class [...] with ranges and ^) with its count ({n}, {n,m}, ?, * or +, 1 when
// none), followed by the rest as a pattern of its own. A class keeps repeated characters and is
// sorted as signed chars; [^...] is taken from the codes 0..254. Generation draws the count (n..m)
// and then each character, then which alternative or rest (even the only one) comes next. '*' and
// '+' cannot be generated, and parentheses inside a part are ordinary characters.

namespace oj_testlib {

[[noreturn]] inline void illegalPattern(const std::string& s) { ouf.quit(_fail, "pattern: Illegal pattern (or part) \"" + s + "\""); }

/** s[pos] is the given special character: not escaped by an odd number of backslashes. */
inline bool patternCommand(const std::string& s, size_t pos, char value) {
  if (pos >= s.size()) return false;
  size_t slashes = 0;
  for (size_t b = pos; b > 0 && s[b - 1] == '\\'; --b) ++slashes;
  return slashes % 2 == 0 && s[pos] == value;
}

/** The character at pos, \x giving x; a backslash at the very end gives '\0'. */
inline char patternChar(const std::string& s, size_t& pos) {
  pos += s[pos] == '\\' ? 2 : 1;
  return pos - 1 < s.size() ? s[pos - 1] : '\0';
}

inline bool signedLess(char a, char b) { return static_cast<signed char>(a) < static_cast<signed char>(b); }

inline std::vector<char> patternCharSet(const std::string& s, size_t& pos) {
  if (pos >= s.size()) illegalPattern(s);
  std::vector<char> result;
  if (!patternCommand(s, pos, '[')) {
    result.push_back(patternChar(s, pos));
    return result;
  }
  ++pos;
  bool negative = patternCommand(s, pos, '^');
  if (negative) ++pos;
  char prev = 0;
  while (pos < s.size() && !patternCommand(s, pos, ']')) {
    if (patternCommand(s, pos, '-') && prev != 0) {
      ++pos;
      // A '-' before ']' (or before the last character of the text) is a character of its own.
      if (pos + 1 == s.size() || patternCommand(s, pos, ']')) {
        result.push_back(prev);
        prev = '-';
        continue;
      }
      char last = patternChar(s, pos);
      if (signedLess(last, prev)) illegalPattern(s);
      for (signed char c = static_cast<signed char>(prev); c != static_cast<signed char>(last); ++c) result.push_back(static_cast<char>(c));
      result.push_back(last);
      prev = 0;
    } else {
      if (prev != 0) result.push_back(prev);
      prev = patternChar(s, pos);
    }
  }
  if (prev != 0) result.push_back(prev);
  if (!patternCommand(s, pos, ']')) illegalPattern(s);
  ++pos;
  if (negative) {
    std::sort(result.begin(), result.end(), signedLess);
    std::vector<char> others;
    for (int code = 0; code < 255; ++code) {
      char c = static_cast<char>(code);
      if (!std::binary_search(result.begin(), result.end(), c, signedLess)) others.push_back(c);
    }
    result = others;
  }
  std::sort(result.begin(), result.end(), signedLess);
  return result;
}

inline void patternCounts(const std::string& s, size_t& pos, int& from, int& to) {
  from = to = 1;
  if (pos >= s.size()) return;
  if (patternCommand(s, pos, '{')) {
    std::vector<std::string> parts;
    std::string part;
    ++pos;
    while (pos < s.size() && !patternCommand(s, pos, '}')) {
      if (patternCommand(s, pos, ',')) {
        parts.push_back(part);
        part.clear();
        ++pos;
      } else {
        part += patternChar(s, pos);
      }
    }
    if (!part.empty()) parts.push_back(part);
    if (!patternCommand(s, pos, '}')) illegalPattern(s);
    ++pos;
    if (parts.empty() || parts.size() > 2) illegalPattern(s);
    std::vector<int> numbers;
    for (size_t i = 0; i < parts.size(); ++i) {
      int number;
      if (parts[i].empty() || std::sscanf(parts[i].c_str(), "%d", &number) != 1) illegalPattern(s);
      numbers.push_back(number);
    }
    from = numbers[0];
    to = numbers.back();
    if (from > to) illegalPattern(s);
  } else if (patternCommand(s, pos, '?')) {
    from = 0, to = 1, ++pos;
  } else if (patternCommand(s, pos, '*')) {
    from = 0, to = INT_MAX, ++pos;
  } else if (patternCommand(s, pos, '+')) {
    from = 1, to = INT_MAX, ++pos;
  }
}

inline GenPattern parseGenPattern(const std::string& text) {
  std::string s;
  for (size_t i = 0; i < text.size(); ++i)
    if (!patternCommand(text, i, ' ')) s += text[i];
  GenPattern p;
  int opened = 0, firstClose = -1;
  std::vector<size_t> seps;
  for (size_t i = 0; i < s.size(); ++i) {
    if (patternCommand(s, i, '(')) {
      ++opened;
      continue;
    }
    if (patternCommand(s, i, ')')) {
      --opened;
      if (opened == 0 && firstClose == -1) firstClose = static_cast<int>(i);
      continue;
    }
    if (opened < 0) illegalPattern(s);
    if (opened == 0 && patternCommand(s, i, '|')) seps.push_back(i);
  }
  if (opened != 0) illegalPattern(s);
  if (seps.empty() && firstClose + 1 == static_cast<int>(s.size()) && patternCommand(s, 0, '(') && patternCommand(s, s.size() - 1, ')')) {
    p.children.push_back(parseGenPattern(s.substr(1, s.size() - 2)));
  } else if (!seps.empty()) {
    seps.push_back(s.size());
    size_t last = 0;
    for (size_t i = 0; i < seps.size(); ++i) {
      p.children.push_back(parseGenPattern(s.substr(last, seps[i] - last)));
      last = seps[i] + 1;
    }
  } else {
    size_t pos = 0;
    p.chars = patternCharSet(s, pos);
    patternCounts(s, pos, p.from, p.to);
    if (pos < s.size()) p.children.push_back(parseGenPattern(s.substr(pos)));
  }
  return p;
}

inline void appendGenerated(const GenPattern& p, random_t& rnd, std::string& out) {
  if (p.to == INT_MAX) ouf.quit(_fail, "pattern::next(random_t& rnd): can't process character '*' for generation");
  if (p.to > 0) {
    int count = rnd.next(p.to - p.from + 1) + p.from;
    for (int i = 0; i < count; ++i) out += p.chars[static_cast<size_t>(rnd.next(static_cast<int>(p.chars.size())))];
  }
  if (!p.children.empty()) appendGenerated(p.children[static_cast<size_t>(rnd.next(static_cast<int>(p.children.size())))], rnd, out);
}

inline std::string generateFromPattern(const GenPattern& p, random_t& rnd) {
  std::string out;
  appendGenerated(p, rnd, out);
  return out;
}

}  // namespace oj_testlib

inline std::string pattern::next(random_t& rnd) const { return oj_testlib::generateFromPattern(oj_testlib::parseGenPattern(source_), rnd); }

#endif  // _TESTLIB_H_
