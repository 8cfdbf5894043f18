#include "engine/report/formats/formats.h"
#include "engine/report/report_json.h"

namespace c2a::formats {

std::string renderJson(const Report& report, const RenderOptions& /*options*/) {
  // Invalid UTF-8 from a template is replaced, never a crash; the JSON stays valid.
  return reportToJson(report).dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

}  // namespace c2a::formats
