# A Homebrew formula for a tap: this repository is one, as it holds Formula/.
#   brew tap causegraph/causegraph https://github.com/causegraph/causegraph
#   brew install --HEAD causegraph
# From a clone: brew install --HEAD ./Formula/causegraph.rb (see the README's install section).
class Causegraph < Formula
  desc "Cause & Effect graphs of SwiftUI updates from Instruments traces"
  homepage "https://github.com/causegraph/causegraph"
  license "Apache-2.0"
  head "https://github.com/causegraph/causegraph.git", branch: "main"

  depends_on xcode: ["26.0", :build]
  depends_on "pkgconf" => :build
  depends_on "graphviz"

  uses_from_macos "swift" => :build

  def install
    args = OS.mac? ? ["--disable-sandbox"] : []
    system "swift", "build", *args, "--configuration", "release", "--product", "causegraph"
    bin.install ".build/release/causegraph"

    system "swift", "build", *args, "--configuration", "release", "--product", "generate-manual"
    system ".build/release/generate-manual", bin/"causegraph", "--output-directory", buildpath/"manual"
    # The commands' examples, which generate-manual leaves in DESCRIPTION, into an EXAMPLES section.
    page = buildpath/"manual/causegraph.1"
    page.atomic_write Utils.safe_popen_read("awk", "-f", "scripts/man-examples.awk", page)
    man1.install "manual/causegraph.1"

    generate_completions_from_executable(bin/"causegraph", "--generate-completion-script")

    pkgshare.install "fixtures/landmarks-favorites-before.jsonl"
  end

  test do
    system bin/"causegraph", "render", pkgshare/"landmarks-favorites-before.jsonl", "-o", testpath/"landmarks.svg"
    svg = (testpath/"landmarks.svg").read
    assert_match "<svg", svg
    assert_match "LandmarkListItemView", svg

    assert_match "LandmarkListItemView",
                 shell_output("#{bin}/causegraph why #{pkgshare}/landmarks-favorites-before.jsonl " \
                              "--view LandmarkListItemView")
  end
end
