// Two exercises for class, on the same page as the player:
// - predict the next step: the student clicks the square where the recorded search
//   puts its next queen, then the search goes on to that queen and says who was right;
// - fill in col, up, down: for the queens on a board, the student sets the flag arrays
//   cell by cell and checks them against the page's own flags (search.js).
// Then the page starts in the mode it was written for.
(() => {
  "use strict";
  const $ = (id) => document.getElementById(id);
  const player = window.nqueensPlayer;
  const { n, board, squares } = player;
  const PLACE = 0;
  const { square, numbered } = player;
  const order = player.data.testOrder;

  // -- predict the next step --------------------------------------------------------
  const guesses = player.element("g", { class: "guess-layer" });
  const score = { right: 0, tried: 0 };
  const nextPlace = () => {
    const events = player.events();
    for (let step = player.step(); step < events.length; step++) if (events[step][0] === PLACE) return step;
    return -1;
  };
  function askPrediction() {
    const next = nextPlace();
    $("predict-status").textContent = next < 0
      ? _("The recording places no further queen: go back to an earlier step in the watch mode.")
      : _("Click the square where the search puts its next queen.");
    $("predict-status").className = "";
  }
  function showScore() {
    $("predict-score").textContent = score.tried
      ? _n("{right} right out of {count} guess", "{right} right out of {count} guesses", score.tried, { right: score.right })
      : "";
    board.dataset.score = `${score.right}/${score.tried}`;
  }
  function predict(row, col) {
    const next = nextPlace();
    if (next < 0) { askPrediction(); return; }
    const [, answerRow, answerCol] = player.events()[next];
    const before = player.cols().map((c, r) => [r, c]);
    player.goTo(next + 1);
    guesses.replaceChildren();
    const right = row === answerRow && col === answerCol;
    score.tried++;
    score.right += right;
    player.element("rect", { class: `guess${right ? "" : " wrong"}`, x: col + 0.06, y: row + 0.06, width: 0.88, height: 0.88 }, guesses);
    const status = $("predict-status");
    status.className = right ? "right" : "wrong-answer";
    if (right) {
      status.textContent = _("Right: the search puts its next queen on {square}.", { square: square(answerRow, answerCol) });
    } else {
      const blocked = before.length && QueensSearch.attacker(n, before.filter(([r]) => r < row), row, col, order);
      const fields = { square: square(answerRow, answerCol), guess: square(row, col) };
      if (blocked && row === answerRow) {
        fields.by = square(...blocked.queen);
        fields.cell = blocked.cell;
        status.textContent = _("Not this time: the search puts its next queen on {square}; {guess} is attacked by the queen on {by} ({cell}).", fields);
      } else if (row !== answerRow) {
        fields.row = numbered(answerRow);
        status.textContent = _("Not this time: the search puts its next queen on {square}; it fills row {row} next.", fields);
      } else {
        status.textContent = _("Not this time: the search puts its next queen on {square}; it tries the columns of a row from the left, and that is the first safe one.", fields);
      }
    }
    showScore();
  }
  // A variant's page keeps to the recorded search: its attacks are not the classic
  // lines these explanations and flags speak of.
  if (player.variant) {
    for (const id of ["predict", "fill"]) $(id).hidden = true;
    player.setMode("watch");
    return;
  }
  player.modes.predict = {
    enter: () => player.unseal().then(() => {
      if (document.body.dataset.mode !== "predict") return;
      player.render(); board.classList.add("predicting"); guesses.replaceChildren(); askPrediction(); showScore();
    }),
    leave: () => { board.classList.remove("predicting"); guesses.replaceChildren(); },
  };
  squares.forEach((rect) => rect.addEventListener("click", () => {
    if (document.body.dataset.mode === "predict") predict(Number(rect.dataset.row), Number(rect.dataset.col));
  }));

  // -- fill in col, up, down --------------------------------------------------------
  const fillLayer = player.element("g", { class: "fill-layer" });
  const SIZES = { col: n, up: 2 * n - 1, down: 2 * n - 1 };
  let fillQueens = [];
  const cells = {};

  function buildArrays() {
    const panel = $("fill-arrays");
    panel.replaceChildren();
    for (const [name, size] of Object.entries(SIZES)) {
      const indices = Array.from({ length: size }, (_unused, index) => index);
      const [row, , made] = player.cellRow("div", "array", name, indices, (index) => {
        const cell = document.createElement("button");
        cell.textContent = "0";
        cell.setAttribute("aria-label", `${name}[${index}]`);
        cell.addEventListener("click", () => {
          cell.textContent = cell.textContent === "1" ? "0" : "1";
          cell.classList.remove("wrong");
        });
        return [cell, index];
      });
      cells[name] = made;
      panel.appendChild(row);
    }
  }

  // A board to fill: some rows of a solution, both chosen at random (to begin with, the
  // queens the player shows, or the first half of the first solution).
  function randomBoard() {
    const free = new Array(n).fill(-1);
    const count = QueensSearch.count(n, free);
    if (!count) return [[0, 0]];
    const solution = QueensSearch.nth(n, free, Math.floor(Math.random() * count));
    const rows = Array.from({ length: n }, (_unused, i) => i).filter(() => Math.random() < 0.5);
    const keep = rows.length >= 2 ? rows : [0, n - 1];
    return keep.map((row) => [row, solution[row]]);
  }

  function drawFillBoard() {
    for (const queen of player.queens) queen.setAttribute("visibility", "hidden");
    for (const mark of player.marks) mark.setAttribute("visibility", "hidden");
    player.shade(new Map());
    player.markRow(null);
    board.classList.remove("solved");
    fillLayer.replaceChildren();
    for (const [row, col] of fillQueens) {
      player.element("use", { href: "#queen-glyph", class: "learner-queen", transform: `translate(${col + 0.1} ${row + 0.1}) scale(0.8)`,
        "data-row": row, "data-col": col }, fillLayer);
    }
    board.dataset.fillQueens = fillQueens.map(([r, c]) => `${r}:${c}`).join(" ");
    $("fill-status").textContent = "";
    $("fill-status").className = "";
  }

  function newBoard(queens) {
    fillQueens = queens;
    buildArrays();
    drawFillBoard();
  }

  function check() {
    const truth = QueensSearch.flags(n, fillQueens);
    let wrong = 0;
    for (const name of Object.keys(SIZES)) {
      cells[name].forEach((cell, index) => {
        const bad = Number(cell.textContent) !== truth[name][index];
        cell.classList.toggle("wrong", bad);
        wrong += bad;
      });
    }
    const status = $("fill-status");
    status.dataset.wrong = wrong;
    status.className = wrong ? "wrong-answer" : "right";
    status.textContent = wrong
      ? _n("{count} cell is wrong: it is outlined in red.", "{count} cells are wrong: they are outlined in red.", wrong)
      : _("All three arrays are right.");
  }

  function answer() {
    const truth = QueensSearch.flags(n, fillQueens);
    for (const name of Object.keys(SIZES)) {
      cells[name].forEach((cell, index) => { cell.textContent = String(truth[name][index]); cell.classList.remove("wrong"); });
    }
    $("fill-status").className = "";
    $("fill-status").textContent = _("The answer: a 1 in each cell whose line holds a queen.");
  }

  player.modes.fill = {
    enter: () => {
      const shown = player.cols().map((col, row) => [row, col]);
      if (!fillQueens.length || shown.length) {
        const first = QueensSearch.first(n, new Array(n).fill(-1)) || [];
        newBoard(shown.length ? shown : first.slice(0, Math.ceil(n / 2)).map((col, row) => [row, col]));
      } else {
        drawFillBoard();
      }
    },
    leave: () => { fillLayer.replaceChildren(); },
  };
  $("fill-check").addEventListener("click", check);
  $("fill-answer").addEventListener("click", answer);
  $("fill-new").addEventListener("click", () => newBoard(randomBoard()));

  player.setMode(document.body.dataset.mode in player.modes ? document.body.dataset.mode : "watch");
})();
