#include "rules/ast_bytes.h"

#include <bit>
#include <cstdint>
#include <optional>

#include "model/error.h"
#include "model/json.h"
#include "rules/native_parser.h"

namespace c2a::rules {
namespace {

// Numbers as LEB128 varints, strings length first; an optional is a presence byte, then its value.
class Writer {
 public:
  explicit Writer(const std::string& file) : file_(file) {}

  void number(std::uint64_t value) {
    do {
      auto byte = static_cast<unsigned char>(value & 0x7F);
      value >>= 7;
      out_ += static_cast<char>(value != 0 ? (byte | 0x80) : byte);
    } while (value != 0);
  }
  void signedNumber(std::int64_t value) {
    number((static_cast<std::uint64_t>(value) << 1) ^ static_cast<std::uint64_t>(value >> 63));
  }
  void flag(bool value) { out_ += value ? '\1' : '\0'; }
  void text(std::string_view value) {
    number(value.size());
    out_ += value;
  }
  template <class Enum>
  void choice(Enum value) {
    number(static_cast<std::uint64_t>(value));
  }
  template <class T, class Write>
  void maybe(const std::optional<T>& value, Write write) {
    flag(value.has_value());
    if (value) write(*value);
  }
  template <class T, class Write>
  void list(const std::vector<T>& values, Write write) {
    number(values.size());
    for (const T& value : values) write(value);
  }

  // Each value with its exact type: an integer literal stays signed, as the parser made it.
  void json(const Json& value) {
    choice(value.type());
    switch (value.type()) {
      case Json::value_t::boolean: flag(value.get<bool>()); return;
      case Json::value_t::number_integer: signedNumber(value.get<std::int64_t>()); return;
      case Json::value_t::number_unsigned: number(value.get<std::uint64_t>()); return;
      case Json::value_t::number_float:
        number(std::bit_cast<std::uint64_t>(value.get<double>()));
        return;
      case Json::value_t::string: text(value.get_ref<const std::string&>()); return;
      case Json::value_t::array:
        number(value.size());
        for (const Json& item : value) json(item);
        return;
      case Json::value_t::object:
        number(value.size());
        for (const auto& [key, item] : value.items()) {
          text(key);
          json(item);
        }
        return;
      case Json::value_t::null: return;
      default:  // binary and discarded values: a rule's literal is never one
        throw C2aError(ErrorKind::Internal, {file_},
                       "a compiled rule's literal must be JSON, not binary or discarded");
    }
  }

  void where(const SourceLocation& location) {
    if (location.file != file_) {
      throw C2aError(ErrorKind::Internal, location,
                     "a compiled rule file's locations must all name " + file_);
    }
    signedNumber(location.line);
    signedNumber(location.column);
  }

  void query(const Query& q) {
    choice(q.kind);
    maybe(q.componentType, [this](ComponentType t) { choice(t); });
    maybe(q.subtype, [this](const std::string& s) { text(s); });
    maybe(q.name, [this](const std::string& s) { text(s); });
    maybe(q.changeType, [this](OperationType t) { choice(t); });
    maybe(q.propertyOperationType, [this](PropertyOperationType t) { choice(t); });
    maybe(q.certainty, [this](Certainty c) { choice(c); });
    flag(q.enclosingLevels);
    flag(q.insideLevels);
  }

  void operand(const Operand& o) {
    maybe(o.path, [this](const PathOperand& p) {
      text(p.root);
      signedNumber(p.slot);
      list(p.segments, [this](const PathSegment& s) {
        choice(s.kind);
        text(s.key);
      });
      where(p.where);
    });
    maybe(o.literal, [this](const LiteralOperand& l) {
      json(l.value);
      where(l.where);
    });
  }

  void expression(const Expression& e) {
    choice(e.kind);
    list(e.children, [this](const Expression& child) { expression(child); });
    text(e.op);
    signedNumber(e.operatorIndex);
    flag(e.universal);
    maybe(e.lhs, [this](const Operand& o) { operand(o); });
    maybe(e.rhs, [this](const Operand& o) { operand(o); });
    where(e.where);
  }

  void rule(const Rule& r) {
    text(r.description);
    text(r.id);
    maybe(r.idWhere, [this](const SourceLocation& l) { where(l); });
    maybe(r.pointer, [this](const std::string& s) { text(s); });
    list(r.bindings, [this](const Binding& b) {
      text(b.name);
      query(b.query);
      list(b.conditions, [this](const Expression& e) { expression(e); });
      signedNumber(b.slot);
      where(b.where);
    });
    list(r.conditions, [this](const Expression& e) { expression(e); });
    maybe(r.effect, [this](const Effect& e) {
      maybe(e.risk, [this](Risk risk) { choice(risk); });
      maybe(e.action, [this](Action action) { choice(action); });
      text(e.target);
      signedNumber(e.targetSlot);
      where(e.where);
    });
    list(r.children, [this](const Rule& child) { rule(child); });
    where(r.where);
  }

  std::string take() && { return std::move(out_); }

 private:
  const std::string& file_;
  std::string out_;
};

class Reader {
 public:
  Reader(std::string_view bytes, const std::string& file) : bytes_(bytes), file_(file) {}

  std::uint64_t number() {
    std::uint64_t value = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      auto byte = static_cast<unsigned char>(next());
      value |= static_cast<std::uint64_t>(byte & 0x7F) << shift;
      if ((byte & 0x80) == 0) return value;
    }
    fail();
  }
  std::int64_t signedNumber() {
    std::uint64_t raw = number();
    return static_cast<std::int64_t>(raw >> 1) ^ -static_cast<std::int64_t>(raw & 1);
  }
  int smallNumber() { return static_cast<int>(signedNumber()); }
  bool flag() { return next() != '\0'; }
  std::string text() {
    std::uint64_t size = number();
    if (size > bytes_.size() - at_) fail();
    std::string value(bytes_.substr(at_, size));
    at_ += size;
    return value;
  }
  /// An enumerator, at most `last`: bytes from another build, or damaged, fail here rather than
  /// make a value no switch expects.
  template <class Enum>
  Enum choice(Enum last) {
    std::uint64_t value = number();
    if (value > static_cast<std::uint64_t>(last)) fail();
    return static_cast<Enum>(value);
  }
  template <class T, class Read>
  std::optional<T> maybe(Read read) {
    if (!flag()) return std::nullopt;
    return read();
  }
  template <class T, class Read>
  std::vector<T> list(Read read) {
    std::uint64_t size = number();
    if (size > bytes_.size() - at_) fail();  // each value takes a byte at least
    std::vector<T> values;
    values.reserve(size);
    for (std::uint64_t i = 0; i < size; ++i) values.push_back(read());
    return values;
  }

  Json json() {
    Deeper deeper(*this);
    auto type = choice(Json::value_t::discarded);  // the switch fails on binary and discarded
    switch (type) {
      case Json::value_t::boolean: return flag();
      case Json::value_t::number_integer: return signedNumber();
      case Json::value_t::number_unsigned: return number();
      case Json::value_t::number_float: return std::bit_cast<double>(number());
      case Json::value_t::string: return text();
      case Json::value_t::array: {
        Json array = Json::array();
        for (std::uint64_t n = number(); n > 0; --n) array.push_back(json());
        return array;
      }
      case Json::value_t::object: {
        Json object = Json::object();
        for (std::uint64_t n = number(); n > 0; --n) {
          std::string key = text();
          object[key] = json();
        }
        return object;
      }
      case Json::value_t::null: return nullptr;
      default: fail();
    }
  }

  SourceLocation where() {
    SourceLocation location{file_};
    location.line = smallNumber();
    location.column = smallNumber();
    return location;
  }

  Query query() {
    Query q;
    q.kind = choice(Query::Kind::Filter);
    q.componentType = maybe<ComponentType>([this] { return choice(ComponentType::Stack); });
    q.subtype = maybe<std::string>([this] { return text(); });
    q.name = maybe<std::string>([this] { return text(); });
    q.changeType = maybe<OperationType>([this] { return choice(OperationType::Rename); });
    q.propertyOperationType =
        maybe<PropertyOperationType>([this] { return choice(PropertyOperationType::Move); });
    q.certainty = maybe<Certainty>([this] { return choice(Certainty::Possible); });
    q.enclosingLevels = flag();
    q.insideLevels = flag();
    return q;
  }

  Operand operand() {
    Operand o;
    o.path = maybe<PathOperand>([this] {
      PathOperand p;
      p.root = text();
      p.slot = smallNumber();
      p.segments = list<PathSegment>([this] {
        PathSegment s;
        s.kind = choice(PathSegment::Kind::AnyDepth);
        s.key = text();
        return s;
      });
      p.where = where();
      return p;
    });
    o.literal = maybe<LiteralOperand>([this] {
      LiteralOperand l;
      l.value = json();
      l.where = where();
      return l;
    });
    return o;
  }

  Expression expression() {
    Deeper deeper(*this);
    Expression e;
    e.kind = choice(Expression::Kind::Exists);
    e.children = list<Expression>([this] { return expression(); });
    e.op = text();
    e.operatorIndex = smallNumber();
    e.universal = flag();
    e.lhs = maybe<Operand>([this] { return operand(); });
    e.rhs = maybe<Operand>([this] { return operand(); });
    e.where = where();
    return e;
  }

  Rule rule() {
    Deeper deeper(*this);
    Rule r;
    r.description = text();
    r.id = text();
    r.idWhere = maybe<SourceLocation>([this] { return where(); });
    r.pointer = maybe<std::string>([this] { return text(); });
    r.bindings = list<Binding>([this] {
      Binding b;
      b.name = text();
      b.query = query();
      b.conditions = list<Expression>([this] { return expression(); });
      b.slot = smallNumber();
      b.where = where();
      return b;
    });
    r.conditions = list<Expression>([this] { return expression(); });
    r.effect = maybe<Effect>([this] {
      Effect e;
      e.risk = maybe<Risk>([this] { return choice(Risk::High); });
      e.action = maybe<Action>([this] { return choice(Action::Reject); });
      e.target = text();
      e.targetSlot = smallNumber();
      e.where = where();
      return e;
    });
    r.children = list<Rule>([this] { return rule(); });
    r.where = where();
    return r;
  }

  [[nodiscard]] bool atEnd() const { return at_ == bytes_.size(); }

 private:
  /// Rules and conditions nest at most kMaxRuleNesting deep, literals little more: a bound on the
  /// recursion, so that bytes that are not a parse's cannot exhaust the stack.
  static constexpr int kMostDepth = 4 * static_cast<int>(kMaxRuleNesting);
  struct Deeper {
    explicit Deeper(Reader& reader) : reader_(reader) {
      if (++reader_.depth_ > kMostDepth) reader_.fail();
    }
    ~Deeper() { --reader_.depth_; }
    Deeper(const Deeper&) = delete;
    Deeper& operator=(const Deeper&) = delete;
    Reader& reader_;
  };

  char next() {
    if (at_ >= bytes_.size()) fail();
    return bytes_[at_++];
  }
  [[noreturn]] void fail() const {
    throw C2aError(ErrorKind::Internal, {file_}, "the compiled rules are cut short or malformed");
  }

  std::string_view bytes_;
  const std::string& file_;
  std::size_t at_ = 0;
  int depth_ = 0;
};

}  // namespace

std::string rulesToBytes(const std::vector<Rule>& rules, const std::string& file) {
  Writer out(file);
  out.list(rules, [&out](const Rule& rule) { out.rule(rule); });
  return std::move(out).take();
}

std::vector<Rule> rulesFromBytes(std::string_view bytes, const std::string& file) {
  Reader in(bytes, file);
  auto rules = in.list<Rule>([&in] { return in.rule(); });
  if (!in.atEnd()) {
    throw C2aError(ErrorKind::Internal, {file}, "the compiled rules have bytes left over");
  }
  return rules;
}

}  // namespace c2a::rules
