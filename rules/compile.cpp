// Resolution of a rule set (compile.h). Scopes: a rule's bindings are visible to the bindings after
// them (and each to its own `where`), to the rule's conditions and effect, and to its `then`
// children, recursively; siblings do not see each other. A name may be bound once along any chain
// of parents. Every problem is collected; resolution goes on past it so one run reports them all.
// Every rule gets its id here too (rule_ids.h).
#include "rules/compile.h"

#include <fmt/format.h>

#include <string>
#include <string_view>
#include <vector>

#include "model/suggestions.h"
#include "rules/operators.h"
#include "rules/rule_ids.h"

namespace c2a::rules {
namespace {

std::string pathText(const PathOperand& path) {
  std::string out = path.root;
  for (const PathSegment& segment : path.segments) {
    out += '.';
    switch (segment.kind) {
      case PathSegment::Kind::Key: out += segment.key; break;
      case PathSegment::Kind::AnyOne: out += '*'; break;
      case PathSegment::Kind::AnyDepth: out += "**"; break;
    }
  }
  return out;
}

std::string_view bindingKind(Query::Kind kind) {
  switch (kind) {
    case Query::Kind::Component: return "a component binding";
    case Query::Kind::Change: return "a change binding";
    case Query::Kind::Filter: return "a binding with only a `where`";
  }
  return "a binding";
}

std::vector<std::string_view> operatorNames() {
  std::vector<std::string_view> out;
  for (const OperatorInfo& info : operatorTable()) {
    out.push_back(info.name);
    out.insert(out.end(), info.aliases.begin(), info.aliases.end());
  }
  return out;
}

struct InScope {
  std::string name;
  int slot = -1;
  Query::Kind kind = Query::Kind::Filter;
  SourceLocation where;
};

/// The bindings of the current rule not yet in scope, to explain a use before its binding.
struct Pending {
  const std::vector<Binding>* bindings = nullptr;
  std::size_t first = 0;
};

class Compiler {
 public:
  explicit Compiler(bool judgePresetLiterals) : judgePresetLiterals_(judgePresetLiterals) {}

  Diagnostics run(RuleSet& set) {
    // Ids first: a duplicate id is reported with the other problems, in the same run.
    problems_ = assignRuleIds(set.rules);
    for (Rule& rule : set.rules) compileRule(rule);
    set.slotCount = static_cast<int>(kinds_.size());
    return std::move(problems_);
  }

 private:
  void report(const SourceLocation& where, std::string message) {
    problems_.push_back(Diagnostic{ErrorKind::InvalidInput, where, std::move(message)});
  }

  const InScope* lookup(std::string_view name) const {
    for (auto it = scope_.rbegin(); it != scope_.rend(); ++it) {
      if (it->name == name) return &*it;
    }
    return nullptr;
  }

  std::vector<std::string_view> visibleNames() const {
    std::vector<std::string_view> out;
    for (const InScope& bound : scope_) out.push_back(bound.name);
    return out;
  }

  void compileRule(Rule& rule) {
    const std::size_t outer = scope_.size();
    for (std::size_t i = 0; i < rule.bindings.size(); ++i) {
      Binding& binding = rule.bindings[i];
      binding.slot = static_cast<int>(kinds_.size());
      kinds_.push_back(binding.query.kind);
      if (const InScope* first = lookup(binding.name)) {
        report(binding.where, fmt::format("duplicate binding `{}` (first bound at {})",
                                          binding.name, first->where.str()));
      } else {
        scope_.push_back(InScope{binding.name, binding.slot, binding.query.kind, binding.where});
      }
      const Pending pending{&rule.bindings, i + 1};
      for (Expression& condition : binding.conditions) resolve(condition, pending);
    }
    for (Expression& condition : rule.conditions) resolve(condition, Pending{});
    if (rule.effect) compileEffect(*rule.effect);
    for (Rule& child : rule.children) compileRule(child);
    scope_.resize(outer);
  }

  void compileEffect(Effect& effect) {
    if (!effect.risk && !effect.action) report(effect.where, "effect sets neither risk nor action");
    const InScope* target = lookup(effect.target);
    if (target == nullptr) {
      report(effect.where,
             fmt::format("effect target `{}` is not bound in this rule or its parents "
                         "(unreachable effect target){}",
                         effect.target, didYouMean(effect.target, visibleNames())));
    } else if (target->kind == Query::Kind::Filter) {
      report(effect.where,
             fmt::format("effect target `{}` binds no component or change (a binding with only a "
                         "`where`, or a path, cannot receive an effect)",
                         effect.target));
    } else {
      effect.targetSlot = target->slot;
    }
  }

  bool resolvePath(PathOperand& path, const Pending& pending) {
    if (const InScope* bound = lookup(path.root)) {
      path.slot = bound->slot;
      if (bound->kind != Query::Kind::Filter) return true;
      report(path.where, fmt::format("`{}` binds no component or change (it has only a `where`), "
                                     "so there is nothing to reach through it",
                                     path.root));
      return false;
    }
    if (pending.bindings != nullptr) {
      for (std::size_t i = pending.first; i < pending.bindings->size(); ++i) {
        const Binding& later = (*pending.bindings)[i];
        if (later.name == path.root) {
          report(path.where, fmt::format("`{}` is used before its binding (bound later in this "
                                         "rule, at {})",
                                         path.root, later.where.str()));
          return false;
        }
      }
    }
    report(path.where, fmt::format("unknown identifier `{}`{}", path.root,
                                   didYouMean(path.root, visibleNames())));
    return false;
  }

  bool resolveOperand(std::optional<Operand>& operand, const Pending& pending) {
    if (operand && operand->path) return resolvePath(*operand->path, pending);
    return true;
  }

  void resolve(Expression& expression, const Pending& pending) {
    switch (expression.kind) {
      case Expression::Kind::And:
      case Expression::Kind::Or:
      case Expression::Kind::Not:
        for (Expression& child : expression.children) resolve(child, pending);
        return;
      case Expression::Kind::Exists:
        if (!expression.lhs || !expression.lhs->path) {
          report(expression.where, "`exists` needs a path (like `bucket.Properties.Tags`)");
          return;
        }
        resolvePath(*expression.lhs->path, pending);
        // The evaluator may test existence itself; the table entry is used when there is one.
        expression.operatorIndex = findOperator(expression.op.empty() ? "exists" : expression.op);
        return;
      case Expression::Kind::Compare: compare(expression, pending); return;
    }
  }

  void compare(Expression& expression, const Pending& pending) {
    if (!expression.lhs || !expression.rhs) {
      report(expression.where, fmt::format("`{}` needs two operands", expression.op));
      return;
    }
    const bool lhsBound = resolveOperand(expression.lhs, pending);
    const bool rhsBound = resolveOperand(expression.rhs, pending);
    const int index = findOperator(expression.op);
    if (index < 0) {
      report(expression.where, fmt::format("unknown operator `{}`{}", expression.op,
                                           didYouMean(expression.op, operatorNames())));
      return;
    }
    expression.operatorIndex = index;
    const OperatorInfo& info = operatorTable()[static_cast<std::size_t>(index)];
    checkMode(*expression.lhs, info.lhs, lhsBound, "left", info.name, expression.where);
    checkMode(*expression.rhs, info.rhs, rhsBound, "right", info.name, expression.where);
    // A literal the operator can judge now (a regular expression that does not compile) is a
    // mistake in the rule file, not a silent `false` at evaluation.
    const bool judged = judgePresetLiterals_ || !expression.where.file.starts_with("preset:");
    if (info.validate != nullptr && expression.rhs->literal && judged) {
      auto problem = info.validate(expression.rhs->literal->value);
      if (!problem.empty()) report(expression.rhs->literal->where, problem);
    }
    if (expression.universal) {
      if (!expression.lhs->path) {
        report(expression.where, "`all` needs a path operand, not a literal");
      } else if (info.lhs != OperandMode::Values) {
        report(expression.where,
               fmt::format("`all` quantifies over values; the left operand of `{}` is not a value",
                           info.name));
      }
    }
  }

  void checkMode(const Operand& operand, OperandMode mode, bool bound, std::string_view side,
                 std::string_view op, const SourceLocation& fallback) {
    if (mode == OperandMode::Values) return;
    if (!operand.path) {
      const SourceLocation& where = operand.literal ? operand.literal->where : fallback;
      report(where, mode == OperandMode::Entity
                        ? fmt::format("the {} operand of `{}` must be a binding (a component or "
                                      "change), not a literal",
                                      side, op)
                        : fmt::format("the {} operand of `{}` must be a path from a component "
                                      "binding (like `bucket.Properties.Tags`), not a literal",
                                      side, op));
      return;
    }
    const PathOperand& path = *operand.path;
    // `bound` paths are rooted at a component or change binding (resolvePath checked).
    const auto kind = bound ? kinds_[static_cast<std::size_t>(path.slot)] : Query::Kind::Filter;
    if (mode == OperandMode::Entity) {
      if (!path.segments.empty()) {
        report(path.where,
               fmt::format("the {} operand of `{}` must be a bare binding, not the path "
                           "`{}`: it stands for the component or change itself",
                           side, op, pathText(path)));
      }
      return;
    }
    if (bound && kind != Query::Kind::Component) {
      report(path.where, fmt::format("the {} operand of `{}` must be a path from a component "
                                     "binding; `{}` is {}",
                                     side, op, path.root, bindingKind(kind)));
    }
  }

  std::vector<InScope> scope_;      // visible bindings, outermost first
  std::vector<Query::Kind> kinds_;  // by slot
  Diagnostics problems_;
  bool judgePresetLiterals_ = true;
};

}  // namespace

Diagnostics compileRuleSet(RuleSet& rules, bool judgePresetLiterals) {
  return Compiler(judgePresetLiterals).run(rules);
}

}  // namespace c2a::rules
