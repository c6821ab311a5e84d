// The approval replaces the level-up notice it wrote in its own transaction; notifications owns that SQL
// and exports it from its entry (decision 0026).
export { replaceLevelUpOfThisTransaction } from "../../notifications";
