// `c2a help --man`: the man page (roff, man(7)), made from the same app `--help` prints; the
// build installs it as share/man/man1/c2a.1.
#include <sstream>
#include <string>

#include "cli/command_tree.h"
#include "cli/commands.h"

namespace c2a::cli {
namespace {

// Text into roff: a backslash doubled, a leading `.` or `'` (a request) escaped, `-` as \-.
std::string roff(const std::string& text) {
  std::string out;
  bool lineStart = true;
  for (char c : text) {
    if (lineStart && (c == '.' || c == '\'')) out += "\\&";
    if (c == '\\') {
      out += "\\e";
    } else if (c == '-') {
      out += "\\-";
    } else {
      out += c;
    }
    lineStart = c == '\n';
  }
  return out;
}

// Lines kept as `--help` breaks them (the lists of formats and levels).
std::string lines(const std::string& text) {
  std::string out;
  for (char c : roff(text)) out += c == '\n' ? std::string("\n.br\n") : std::string(1, c);
  return out;
}

std::string commandName(const CommandDoc& command) {
  std::string name = "c2a";
  for (const auto& word : command.path) name += " " + word;
  return name;
}

void synopsis(std::ostream& out, const CommandDoc& command) {
  out << ".B " << roff(commandName(command)) << "\n";
  bool options = false;
  for (const auto& option : command.options) options = options || !option.positional;
  if (options) out << "[\\fIOPTIONS\\fR]\n";
  for (const auto& option : command.options) {
    if (option.positional) out << "\\fI" << roff(option.names.front()) << "\\fR\n";
  }
  if (!command.subcommands.empty()) out << "\\fICOMMAND\\fR\n";
}

void options(std::ostream& out, const CommandDoc& command) {
  for (const auto& option : command.options) {
    out << ".TP\n";
    std::string names;
    for (const auto& name : option.names) {
      names += (names.empty() ? "" : ", ") + std::string(option.positional ? "\\fI" : "\\fB") +
               roff(name) + "\\fR";
    }
    out << names;
    if (!option.positional && !option.valueName.empty()) {
      out << " \\fI" << roff(option.valueName) << "\\fR";
    }
    out << "\n" << lines(option.description);
    if (!option.values.empty()) {
      std::string values;
      for (const auto& value : option.values) values += (values.empty() ? "" : ", ") + value;
      out << "\n.br\nOne of: " << roff(values) << ".";
    }
    if (!option.defaultValue.empty()) out << "\n.br\nDefault: " << roff(option.defaultValue) << ".";
    out << "\n";
  }
}

}  // namespace

std::string manPage(const CLI::App& app, const std::string& version) {
  const auto tree = commandTree(app);
  std::ostringstream out;
  out << ".TH C2A 1 \"\" \"c2a " << roff(version) << "\" \"User Commands\"\n";
  out << ".SH NAME\nc2a \\- " << roff("change analysis and risk rules for CloudFormation and CDK")
      << "\n";
  out << ".SH SYNOPSIS\n";
  for (const auto& command : tree) {
    if (command.path.empty() || !command.subcommands.empty()) continue;
    synopsis(out, command);
    out << ".br\n";
  }
  out << ".SH DESCRIPTION\n" << roff(app.get_description()) << "\n";
  out << ".SH COMMANDS\n";
  for (const auto& command : tree) {
    if (command.path.empty()) continue;
    out << ".SS " << roff(commandName(command)) << "\n";
    synopsis(out, command);
    out << ".PP\n" << lines(command.app->get_description()) << "\n";
    options(out, command);
  }
  out << ".SH EXIT STATUS\n"
         ".TP\n0\napproved (or no change); for other commands, success\n"
         ".TP\n1\nreview: a change waits for a human (\\-\\-fail\\-on chooses which verdicts "
         "fail)\n"
         ".TP\n2\nrejected\n.TP\n64\nusage error\n.TP\n65\nbad input (located: FILE:LINE:COL)\n"
         ".TP\n66\nmissing input\n.TP\n70\ninternal error, or out of memory\n"
         ".TP\n73\nan output cannot be written\n";
  out << ".SH ENVIRONMENT\n"
         ".TP\nC2A_APPROVAL_KEY\nthe key that signs (c2a approve) and checks approvals files\n"
         ".TP\nNO_COLOR, FORCE_COLOR, TERM\nwhether the text report is coloured\n"
         ".TP\nC2A_TIMINGS\nprint each stage's time on standard error\n"
         ".TP\nSOURCE_DATE_EPOCH\nthe time c2a approve writes, for reproducible files\n";
  out << ".SH SEE ALSO\nThe documentation installed in share/doc/c2a (README.md, docs/rules.md, "
         "docs/report.md, docs/approvals.md, docs/ci.md).\n";
  return out.str();
}

}  // namespace c2a::cli
