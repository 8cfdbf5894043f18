// A cloud assembly whose manifest.json is the input, beside one ordinary stack template: the
// manifest decides which files are read, so it may name anything.
#include "engine/report/model_dump.h"
#include "fuzz/checks/fuzz_check.h"
#include "fuzz/checks/promise.h"
#include "platform-mapping/input.h"

namespace c2a::fuzz {

Finding checkAssemblyManifest(std::string_view input) {
  static const std::string dir = [] {
    writeScratchFile("assembly/Stack.template.json",
                     R"({"Resources":{"Queue":{"Type":"AWS::SQS::Queue",)"
                     R"("Properties":{"QueueName":"q"}}}})");
    return (scratchDirectory() / "assembly").string();
  }();
  writeScratchFile("assembly/manifest.json", input);
  // A manifest may name a template that is not there: missing input, as on the command line.
  return underPromise(
      [&]() -> Finding {
        Diagnostics warnings;
        auto model = loadInput(dir, fuzzLimits(), warnings);
        return notDumpable("the model", modelToJson(model));
      },
      {ErrorKind::InvalidInput, ErrorKind::MissingInput});
}

}  // namespace c2a::fuzz
