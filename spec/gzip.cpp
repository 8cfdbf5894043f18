#include "spec/gzip.h"

#include <zlib.h>

#include <algorithm>
#include <climits>

#include "model/error.h"

namespace c2a {

bool isGzip(std::string_view data) {
  return data.size() >= 2 && static_cast<unsigned char>(data[0]) == 0x1f &&
         static_cast<unsigned char>(data[1]) == 0x8b;
}

std::string gunzip(std::string_view data, const std::string& file, std::size_t limit) {
  auto fail = [&](const std::string& why) {
    return C2aError(ErrorKind::InvalidInput, {file, 0, 0}, "cannot inflate gzip data: " + why);
  };
  z_stream stream{};
  // 16 + MAX_WBITS: expect a gzip header and trailer, not a raw zlib stream.
  if (inflateInit2(&stream, 16 + MAX_WBITS) != Z_OK) throw fail("zlib initialisation failed");
  std::string out;
  out.resize(std::min(limit, std::max<std::size_t>(data.size() * 4, 1 << 16)));
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  stream.avail_in = static_cast<uInt>(std::min<std::size_t>(data.size(), UINT_MAX));
  int status = Z_OK;
  while (status != Z_STREAM_END) {
    if (stream.total_out == out.size()) {
      if (out.size() >= limit) {
        inflateEnd(&stream);
        throw fail("more than " + std::to_string(limit) + " bytes once inflated");
      }
      out.resize(std::min(limit, out.size() * 2));
    }
    stream.next_out = reinterpret_cast<Bytef*>(out.data() + stream.total_out);
    stream.avail_out =
        static_cast<uInt>(std::min<std::size_t>(out.size() - stream.total_out, UINT_MAX));
    status = inflate(&stream, Z_NO_FLUSH);
    if (status == Z_BUF_ERROR && stream.avail_in == 0 && stream.avail_out > 0)
      status = Z_DATA_ERROR;
    if (status != Z_OK && status != Z_STREAM_END && status != Z_BUF_ERROR) {
      std::string why = stream.msg != nullptr ? stream.msg : "truncated or corrupt stream";
      inflateEnd(&stream);
      throw fail(why);
    }
  }
  out.resize(stream.total_out);
  inflateEnd(&stream);
  return out;
}

}  // namespace c2a
