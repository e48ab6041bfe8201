// Turns a game record into an SVG picture of the board, at the end or after any turn.
//   record_to_svg RECORD [--turn N] [--legal] [--dead] [--no-legend] [-o OUT.svg]
// Without -o the SVG goes to standard output.
#include <fmt/format.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include "carcassonne/carcassonne.hpp"

int main(int argc, char** argv) {
  using namespace carc;
  std::string input, output;
  int turn = -1;
  SvgOptions options;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--turn" && i + 1 < argc) turn = std::atoi(argv[++i]);
    else if (a == "--legal") options.legal_cells = true;
    else if (a == "--dead") options.dead_cells = true;
    else if (a == "--no-legend") options.legend = false;
    else if (a == "-o" && i + 1 < argc) output = argv[++i];
    else if (input.empty() && a[0] != '-') input = a;
    else {
      fmt::print(stderr, "usage: record_to_svg RECORD [--turn N] [--legal] [--dead] [--no-legend] [-o OUT.svg]\n");
      return 2;
    }
  }
  if (input.empty()) {
    fmt::print(stderr, "usage: record_to_svg RECORD [--turn N] [--legal] [--dead] [--no-legend] [-o OUT.svg]\n");
    return 2;
  }
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
