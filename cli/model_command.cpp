#include "cli/commands.h"
#include "engine/pipeline/read_model.h"
#include "engine/report/model_dump.h"

namespace c2a::cli {
namespace {

struct ModelOptions {
  std::string input;
  std::string format = "json";
  std::string output;
  bool followOutputSymlinks = false;
  ReadLimits limits;
};

}  // namespace

void registerModelCommand(CLI::App& app, Action& action) {
  auto options = std::make_shared<ModelOptions>();
  auto* command = app.add_subcommand(
      "model",
      "Print the InfraModel of a template or cloud assembly: components and relationships");
  command
      ->add_option("INPUT", options->input,
                   "CloudFormation template (JSON/YAML) or CDK cloud assembly directory")
      ->required();
  command->add_option("--format", options->format, "Output format")
      ->check(CLI::IsMember({"json", "dot"}))
      ->capture_default_str();
  command->add_option("--output,-o", options->output,
                      "Write to FILE (atomically) instead of stdout");
  addOutputOptions(*command, options->followOutputSymlinks);
  addNestedTemplateOptions(*command, options->limits, false);
  addLimitOptions(*command, options->limits);
  command->callback([&action, options] {
    action = [options] {
      std::vector<std::string> inputs{options->input};
      for (const auto& [key, file] : options->limits.nestedTemplates) inputs.push_back(file);
      checkOutputs({options->output}, inputs);
      Diagnostics warnings;
      auto model = readModel(options->input, options->limits, warnings);
      requireNestedTemplatesNamed(model, options->limits);
      printWarnings(warnings);
      std::string out =
          options->format == "dot"
              ? modelToDot(model)
              // As the JSON report: every non-ASCII character as \uXXXX, so no C1 control or
              // bidirectional override from a template reaches a terminal raw.
              : modelToJson(model).dump(2, ' ', true, Json::error_handler_t::replace) + "\n";
      emit(options->output, out, options->followOutputSymlinks);
      return 0;
    };
  });
}

}  // namespace c2a::cli
