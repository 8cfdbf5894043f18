#pragma once
// One renderer per file of this folder; report_formats.cpp lists them in one table.
#include <string>

#include "engine/report/report_format.h"

namespace c2a::formats {

std::string renderText(const Report& report, const RenderOptions& options);
std::string renderJson(const Report& report, const RenderOptions& options);
std::string renderMarkdown(const Report& report, const RenderOptions& options);
std::string renderHtml(const Report& report, const RenderOptions& options);
std::string renderSarif(const Report& report, const RenderOptions& options);
std::string renderJunit(const Report& report, const RenderOptions& options);
std::string renderGithub(const Report& report, const RenderOptions& options);

}  // namespace c2a::formats
