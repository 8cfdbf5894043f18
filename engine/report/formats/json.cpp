#include "engine/report/formats/formats.h"
#include "engine/report/report_json.h"

namespace c2a::formats {

std::string renderJson(const Report& report, const RenderOptions& /*options*/) {
  // Invalid UTF-8 from a template is replaced, never a crash; the JSON stays valid. Non-ASCII is
  // written as \u escapes (JsonStyle::Report): the values stay exact, and a bidi override or a C1
  // control cannot reorder or drive a terminal that shows the file.
  return reportJsonText(report);
}

}  // namespace c2a::formats
