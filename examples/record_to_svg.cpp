// Turns a game record into an SVG picture of the board, at the end or after any turn.
//   record_to_svg RECORD [--turn N] [--legal] [--dead] [--no-legend] [-o OUT.svg]
// Without -o the SVG goes to standard output.
#include <fmt/format.h>

#include <climits>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include "args.hpp"
#include "carcassonne/carcassonne.hpp"

constexpr args::Usage kUsage{"record_to_svg",
                             "usage: record_to_svg RECORD [--turn N] [--legal] [--dead] [--no-legend] [-o OUT.svg]\n"
                             "  draws the board of a game record as SVG (to standard output without -o)\n"
                             "  --turn N     the board after turn N instead of at the end\n"
                             "  --legal      outline the cells where the tile to play fits\n"
                             "  --dead       cross out the open cells no tile still to come can fill\n"
                             "  --no-legend  leave out the players' colours, scores and supplies\n"
                             "  -o OUT.svg   write the picture to OUT.svg\n"};

int main(int argc, char** argv) {
  using namespace carc;
  if (args::help(kUsage, argc, argv)) return 0;
  std::string input, output;
  int turn = -1;
  SvgOptions options;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if ((a == "--turn" || a == "-o") && i + 1 == argc) args::refuse(kUsage, a + " needs a value");
    if (a == "--turn") turn = static_cast<int>(args::number(kUsage, "--turn", argv[++i], 0, INT_MAX));
    else if (a == "--legal") options.legal_cells = true;
    else if (a == "--dead") options.dead_cells = true;
    else if (a == "--no-legend") options.legend = false;
    else if (a == "-o") output = argv[++i];
    else if (!a.empty() && a[0] == '-') args::refuse(kUsage, "unknown option '" + a + "'");
    else if (input.empty()) input = a;
    else args::refuse(kUsage, "unexpected argument '" + a + "'");
  }
  if (input.empty()) args::refuse(kUsage, "no RECORD given");
  std::ifstream in(input);
  if (!in) {
    fmt::print(stderr, "cannot read {}\n", input);
    return 1;
  }
  std::stringstream text;
  text << in.rdbuf();

  Game game(2, uint64_t{0});
  RecordError err;
  if (load_record(text.str(), game, &err) != Status::Ok) {
    fmt::print(stderr, "{}:{}\n", input, err.message());
    return 1;
  }
  if (turn >= 0) {
    std::string why;
    if (rewind(game, turn, game, &why) != Status::Ok) {
      fmt::print(stderr, "{}\n", why);
      return 1;
    }
  }
  const std::string svg = render_svg(game, options);
  if (output.empty()) {
    std::fwrite(svg.data(), 1, svg.size(), stdout);
  } else {
    std::ofstream out(output);
    out << svg;
    if (!out) {
      fmt::print(stderr, "cannot write {}\n", output);
      return 1;
    }
  }
  return 0;
}
