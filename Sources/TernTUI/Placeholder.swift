import TernScreen
import TernExplorer
